/** What changed in the data, per applied import (domain/changes.ts), from the store's change records. */
import { Type } from 'typebox';
import { ChangeCounts, DatasetChange } from '../../domain/wire/answers';
import { typeById } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import { errors } from '../http/answers';
import { provinceIsoOfKey, typeIdOfKey } from '../store/catalogueKeys';
import type { Api, RouteContext } from './context';

const PROVINCE_EN = new Map(PROVINCES.map((p) => [p.iso_3166_2, p.name_en]));
const zero = (): ChangeCounts => ({ Added: 0, Removed: 0, Moved: 0, Renamed: 0 });
function addTo(total: ChangeCounts, part: ChangeCounts): void {
  total.Added += part.Added;
  total.Removed += part.Removed;
  total.Moved += part.Moved;
  total.Renamed += part.Renamed;
}

export function registerChangeRoutes(app: Api, { store }: RouteContext): void {
  app.get(
    '/changes',
    {
      schema: {
        tags: ['dataset'],
        summary:
          'What each applied import changed (added, removed, moved over 100 m, renamed), by type and province, newest first',
        querystring: Type.Object(
          { since: Type.Optional(Type.String({ pattern: '^\\d{1,10}$' })) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(DatasetChange), ...errors(400) },
      },
    },
    async (request) => {
      const rows = await store.changes(Number(request.query.since ?? 0));
      const versions = new Map<number, DatasetChange>();
      for (const row of rows) {
        const version = Number(row.version);
        const change = versions.get(version) ?? { Version: version, UpdatedAt: row.updated_at, ...zero(), ByType: [] };
        versions.set(version, change);
        const typeId = typeIdOfKey.get(Number(row.type_id)) ?? '';
        let byType = change.ByType.find((t) => t.TypeId === typeId);
        if (!byType) {
          byType = { TypeId: typeId, Route: typeById(typeId)?.route ?? '', ...zero(), ByProvince: [] };
          change.ByType.push(byType);
        }
        const part = {
          Added: Number(row.added),
          Removed: Number(row.removed),
          Moved: Number(row.moved),
          Renamed: Number(row.renamed),
        };
        byType.ByProvince.push({
          EnName: PROVINCE_EN.get(provinceIsoOfKey.get(Number(row.province_id)) ?? '') ?? '',
          ...part,
        });
        addTo(byType, part);
        addTo(change, part);
      }
      return [...versions.values()];
    },
  );
}

/** What changed in the data, per applied import (domain/changes.ts), from the store's change records. */
import type { FastifyInstance } from 'fastify';
import type { ChangeCounts, DatasetChange } from '../../domain/changes';
import { typeById } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import { errors } from '../http/answers';
import { provinceIsoOfKey, typeIdOfKey } from '../store/catalogueKeys';
import type { RouteContext } from './context';

const counts = { type: 'integer', minimum: 0 } as const;
const countFields = { Added: counts, Removed: counts, Moved: counts, Renamed: counts };
const changesAnswer = {
  type: 'array',
  items: {
    type: 'object',
    required: ['Version', 'UpdatedAt', 'Added', 'Removed', 'Moved', 'Renamed', 'ByType'],
    properties: {
      Version: { type: 'integer' },
      UpdatedAt: { type: 'string' },
      ...countFields,
      ByType: {
        type: 'array',
        items: {
          type: 'object',
          required: ['TypeId', 'Route', 'ByProvince', ...Object.keys(countFields)],
          properties: {
            TypeId: { type: 'string' },
            Route: { type: 'string' },
            ...countFields,
            ByProvince: {
              type: 'array',
              items: {
                type: 'object',
                required: ['EnName', ...Object.keys(countFields)],
                properties: { EnName: { type: 'string' }, ...countFields },
              },
            },
          },
        },
      },
    },
  },
} as const;

const PROVINCE_EN = new Map(PROVINCES.map((p) => [p.iso_3166_2, p.name_en]));
const zero = (): ChangeCounts => ({ Added: 0, Removed: 0, Moved: 0, Renamed: 0 });
function addTo(total: ChangeCounts, part: ChangeCounts): void {
  total.Added += part.Added;
  total.Removed += part.Removed;
  total.Moved += part.Moved;
  total.Renamed += part.Renamed;
}

export function registerChangeRoutes(app: FastifyInstance, { store }: RouteContext): void {
  app.get<{ Querystring: { since?: string } }>(
    '/changes',
    {
      schema: {
        tags: ['dataset'],
        summary:
          'What each applied import changed (added, removed, moved over 100 m, renamed), by type and province, newest first',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { since: { type: 'string', pattern: '^\\d{1,10}$' } },
        },
        response: { 200: changesAnswer, ...errors(400) },
      },
    },
    async (request): Promise<DatasetChange[]> => {
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

import { Type } from 'typebox';
import { TreeNode } from '../../domain/wire/answers';
import { GuidString } from '../../domain/wire/requests';
import { EMPTY_GUID, sameGuid } from '../../domain/guid';
import { notFound } from '../http/errors';
import type { ProvinceRow } from '../store/LocationStore';
import type { Api, RouteContext } from './context';
import { errors } from '../http/answers';

/** Provinces with a land border (spec's isMarzi flag). */
const BORDER_PROVINCES = new Set([
  'IR-01',
  'IR-03',
  'IR-04',
  'IR-05',
  'IR-06',
  'IR-09',
  'IR-11',
  'IR-12',
  'IR-16',
  'IR-24',
  'IR-27',
  'IR-28',
  'IR-29',
]);

function provinceNode(row: ProvinceRow, index: number): TreeNode {
  return {
    Guid: row.guid,
    ClimateType: '',
    EnName: row.nameEn,
    Gazstid: 0,
    Gcode: index + 1,
    GgeoLocationGuid: row.guid,
    isInIran: true,
    isIranNeighbor: false,
    isMarzi: BORDER_PROVINCES.has(row.iso),
    LocationTypeGuid: EMPTY_GUID,
    LongGcode: Number(row.iso.slice(3)),
    MarziCountryGuid: EMPTY_GUID,
    Name: row.nameFa,
    PGuid: EMPTY_GUID,
    LocationTypeName: 'استان',
    LocationEnName: row.nameEn,
    GgeoLocationName: row.nameFa,
    GLevel: 1,
    checked: false,
    IsParent: false,
    LocationTypeGkey: 'Ostan',
    children: [],
    LocationTypeGkeyID: 1,
    ChildIsOpen: false,
    ParentName: 'ایران',
  };
}

export function registerTreeRoutes(app: Api, { store }: RouteContext): void {
  app.get(
    '/A/1111/Tree',
    {
      schema: {
        tags: ['statistics'],
        summary: 'The provinces, as the gateway’s location tree',
        querystring: Type.Object({ Guid: Type.Optional(GuidString) }),
        response: { 200: Type.Array(TreeNode), ...errors(400) },
      },
    },
    async (request) => {
      const parent = request.query.Guid ?? EMPTY_GUID;
      const provinces = await store.provinces();
      if (parent === EMPTY_GUID) return provinces.map(provinceNode);
      // Provinces are leaves in our tree: a known province has no children, anything else is unknown.
      if (provinces.some((p) => sameGuid(p.guid, parent))) return [];
      throw notFound('unknown_node', `no tree node with Guid ${parent}`);
    },
  );
}

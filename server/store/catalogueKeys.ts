/**
 * Integer keys of location types and provinces in every Makan database, whatever the store: their
 * 1-based positions in the catalogue, so the keys are the same in every database and both stores.
 */
import { DISTINCT_TYPES } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import { stableGuid } from './stableGuid';

export const typeKeyOf = new Map(DISTINCT_TYPES.map((t, i) => [t.typeId, i + 1]));
export const typeIdOfKey = new Map(DISTINCT_TYPES.map((t, i) => [i + 1, t.typeId]));
export const provinceKeyOf = new Map(PROVINCES.map((p, i) => [p.iso_3166_2, i + 1]));
export const provinceIsoOfKey = new Map(PROVINCES.map((p, i) => [i + 1, p.iso_3166_2]));

/** A type's key; -1 (which matches no row) for a type the catalogue does not have. */
export const typeKeyOrNone = (typeId: string): number => typeKeyOf.get(typeId.toUpperCase()) ?? -1;
/** A province's key; -1 (which matches no row) for an unknown ISO code. */
export const provinceKeyOrNone = (iso: string): number => provinceKeyOf.get(iso) ?? -1;

/** The catalogue rows every database holds, under their keys: [id, guid, route] and [id, guid, iso, name_fa, name_en]. */
export const TYPE_ROWS = DISTINCT_TYPES.map((t) => [typeKeyOf.get(t.typeId)!, t.typeId, t.route] as const);
export const PROVINCE_ROWS = PROVINCES.map(
  (p) =>
    [
      provinceKeyOf.get(p.iso_3166_2)!,
      stableGuid(`province:${p.iso_3166_2}`),
      p.iso_3166_2,
      p.name_fa,
      p.name_en,
    ] as const,
);

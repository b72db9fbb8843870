/**
 * Integer keys of location types and provinces in every Makan database, whatever the store: their
 * 1-based positions in the catalogue, so the keys are the same in every database and both stores.
 */
import { DISTINCT_TYPES } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';

export const typeKeyOf = new Map(DISTINCT_TYPES.map((t, i) => [t.typeId, i + 1]));
export const typeIdOfKey = new Map(DISTINCT_TYPES.map((t, i) => [i + 1, t.typeId]));
export const provinceKeyOf = new Map(PROVINCES.map((p, i) => [p.iso_3166_2, i + 1]));
export const provinceIsoOfKey = new Map(PROVINCES.map((p, i) => [i + 1, p.iso_3166_2]));

/**
 * Integer keys of location types and provinces in every Makan database, whatever the store. A type's key is
 * the one the catalogue gives it (`storeKey`, never reused), not its position: a type inserted anywhere in the
 * list once relabelled every later type's stored locations. Provinces are a fixed list of 31 (ISO 3166-2), keyed
 * by their 1-based position in it.
 */
import { DISTINCT_TYPES, typeById } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import { stableGuid } from './stableGuid';

/** Each type's key, checked once: two types under one key would share their stored locations. */
function keysOfTypes(): Map<string, number> {
  const keys = new Map(DISTINCT_TYPES.map((t) => [t.typeId, t.storeKey]));
  const taken = new Map<number, string>();
  for (const [typeId, key] of keys) {
    const other = taken.get(key);
    if (other !== undefined) throw new Error(`types ${other} and ${typeId} share the store key ${key}`);
    if (!Number.isInteger(key) || key < 1)
      throw new Error(`type ${typeId} has the store key ${key}: use a new integer above 0`);
    taken.set(key, typeId);
  }
  return keys;
}

export const typeKeyOf = keysOfTypes();
export const typeIdOfKey = new Map([...typeKeyOf].map(([typeId, key]) => [key, typeId]));
export const provinceKeyOf = new Map(PROVINCES.map((p, i) => [p.iso_3166_2, i + 1]));
export const provinceIsoOfKey = new Map(PROVINCES.map((p, i) => [i + 1, p.iso_3166_2]));

/** A type's route by its key ('' for a key the catalogue does not have). */
export const routeOfTypeKey = (key: number): string => typeById(typeIdOfKey.get(key) ?? '')?.route ?? '';

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

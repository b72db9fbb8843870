/** What both stores read back the same way: a stored location as a record, the dataset's meta, how often to look for changes. */
import type { DatasetMeta, LocationRecord } from './LocationStore';
import { provinceIsoOfKey, typeIdOfKey } from './catalogueKeys';
import { detailOf, type StoredDetailColumns } from './locationFields';

/** How often a server looks for an import made by another process or machine. */
export const WATCH_INTERVAL_MS = 500;

/** A `location` row as stored. */
export interface StoredLocationRow extends StoredDetailColumns {
  guid: string;
  type_id: number;
  province_id: number;
  lat: number;
  lon: number;
}

/** A stored row as the record an import takes (what exports write). */
export function recordOfStored(row: StoredLocationRow): LocationRecord {
  return {
    guid: row.guid,
    typeId: typeIdOfKey.get(row.type_id)!,
    provinceIso: provinceIsoOfKey.get(row.province_id)!,
    lat: row.lat,
    lon: row.lon,
    ...detailOf(row),
  };
}

/** The dataset's meta from its stored values: a database never imported into is version 0, updated at the epoch. */
export function datasetMetaOf(
  version: string | number | null | undefined,
  updatedAt: string | null | undefined,
  locations: number,
): DatasetMeta {
  return {
    version: Number(version ?? 0),
    updatedAt: updatedAt ?? new Date(0).toISOString(),
    locations,
  };
}

/**
 * What an import takes and what it did, apart from the store's interface: the import plan (importPlan.ts) and the
 * interface (LocationStore.ts) both speak of them, and neither imports the other for them.
 */
import type { DetailRow } from './locationFields';

/** One location as it is stored and imported (gateway field names are mapped to these in server/importer). */
export interface LocationRecord extends DetailRow {
  guid: string;
  typeId: string;
  provinceIso: string;
  lat: number;
  lon: number;
}

export interface ImportSummary {
  inserted: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

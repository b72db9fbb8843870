/**
 * The import and export format: the gateway contract's own field names. The location's own fields come
 * from the one field table (store/locationFields.ts); these add what places a record (its id, type, point
 * and province) and the limits of the dynamic fields.
 */
import { IMPORT_COLUMNS, type ImportColumn } from '../../domain/importColumns';

/** The file's columns, in the order an export writes them (domain/importColumns.ts). */
export const FIELDS = IMPORT_COLUMNS;
export type FieldName = ImportColumn;

const BY_FOLDED_NAME = new Map<string, FieldName>(FIELDS.map((name) => [name.toLowerCase(), name]));

/**
 * The field a column or property names, in any case (`lat`, `LAT`, `guid`: as people retype a header): the
 * format's own spelling, or the name as it was when it is none of the format's.
 */
export function fieldNamed(name: string): string {
  return BY_FOLDED_NAME.get(name.toLowerCase()) ?? name;
}

/** What each column holds, for people reading a downloaded file. */
export const FIELD_MEANINGS: Record<FieldName, string> = {
  Guid: 'the location’s identifier, stable across versions',
  Type: 'its type, as the app’s route names it (Centers, Academy, …)',
  NameMakanAmoozeshi: 'its name (Persian)',
  Lat: 'latitude, WGS 84 degrees',
  Long: 'longitude, WGS 84 degrees',
  Ostan: 'its province, by English name',
  Mogiyat: 'position or situation (free text)',
  ZirNazar: 'the supervising office',
  Gender: 'who it trains: men, women or both (Persian)',
  Legal: 'legal status: public, private, … (Persian)',
  PhoneNumber: 'telephone',
  Fax: 'fax',
  Address: 'postal address',
  ShowMoreDetails: 'whether the further fields below are shown (true or false)',
  daynamicFields: 'further fields, a JSON array of {Label, Value, Type}',
};

export const DYNAMIC_LIMITS = {
  fields: 50,
  label: 200,
  value: 2000,
} as const;

export const DYNAMIC_FIELD_TYPES = ['input', 'check', 'text', 'file', 'image'] as const;

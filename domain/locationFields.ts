/**
 * A location's descriptive fields, written once: the gateway's name (the detail answer, the import and
 * export files), the key of a record on our side, the column both stores keep it in, what kind of value
 * it is and how long its text may be. The gateway's detail type, the server's record type, the importer's
 * columns and checks, the exporter, the detail answer and the import sessions' staging and comparison are
 * all derived from this table (server/store/locationFields.ts); the migrations' DDL stays literal SQL and a
 * test checks it against the table.
 *
 * Adding a field: one entry here, plus a migration in each store that adds its column.
 */

import type { DynamicField, ValueOfKind } from './wire/fieldValues';

export type { DynamicField, ValueOfKind };
export type DynamicFieldType = DynamicField['Type'];

/** The kinds of value a field holds, as the wire contract writes them (domain/wire/answers.ts). */
export type FieldKind = keyof ValueOfKind;

interface FieldSpec {
  gateway: string;
  key: string;
  column: string;
  kind: FieldKind;
  /** The longest text accepted (text fields). */
  limit?: number;
  /** Whether an import record must give it. */
  required?: boolean;
}

export const DETAIL_FIELDS = [
  { gateway: 'NameMakanAmoozeshi', key: 'name', column: 'name', kind: 'text', limit: 300, required: true },
  { gateway: 'Mogiyat', key: 'position', column: 'position', kind: 'text', limit: 1000 },
  { gateway: 'ZirNazar', key: 'supervision', column: 'supervision', kind: 'text', limit: 1000 },
  { gateway: 'Gender', key: 'gender', column: 'gender', kind: 'text', limit: 1000 },
  { gateway: 'Legal', key: 'legal', column: 'legal', kind: 'text', limit: 1000 },
  { gateway: 'PhoneNumber', key: 'phone', column: 'phone', kind: 'text', limit: 1000 },
  { gateway: 'Fax', key: 'fax', column: 'fax', kind: 'text', limit: 1000 },
  { gateway: 'Address', key: 'address', column: 'address', kind: 'text', limit: 2000 },
  { gateway: 'ShowMoreDetails', key: 'showMoreDetails', column: 'show_more_details', kind: 'flag' },
  { gateway: 'daynamicFields', key: 'dynamicFields', column: 'dynamic_fields', kind: 'dynamicFields' },
] as const satisfies readonly FieldSpec[];

export type DetailField = (typeof DETAIL_FIELDS)[number];

/** The same fields by our record keys. */
export type DetailRow = { [F in DetailField as F['key']]: ValueOfKind[F['kind']] };

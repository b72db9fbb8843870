/**
 * The server's side of the one field table (domain/locationFields.ts): how each kind of field is stored and
 * read back, and the gateway's detail answer, derived from the table.
 */
import {
  DETAIL_FIELDS,
  type DetailField,
  type DetailRow,
  type DynamicField,
  type FieldKind,
} from '../../domain/locationFields';
import type { LocationDetail } from '../../domain/wire/answers';

export { DETAIL_FIELDS, type DetailField, type DetailRow, type FieldKind };

/** The detail columns as a store hands them back (SQLite keeps a flag as 0/1, PostgreSQL as a boolean). */
export type StoredDetailColumns = {
  [F in DetailField as F['column']]: F['kind'] extends 'flag' ? number | boolean : string;
};

/** The stored columns, in table order. */
export const DETAIL_COLUMNS: readonly string[] = DETAIL_FIELDS.map((f) => f.column);

/** The text fields an import may leave out, with their limits (the name is required and checked apart). */
type OptionalTextField = Exclude<Extract<DetailField, { kind: 'text' }>, { required: true }>;
export const OPTIONAL_TEXT_FIELDS = DETAIL_FIELDS.filter(
  (f): f is OptionalTextField => f.kind === 'text' && !('required' in f),
);

/** The name field (required text). */
export const NAME_FIELD = DETAIL_FIELDS[0];

/** Every field empty, as a record that leaves them out is stored: empty text, no flag, no dynamic fields. */
export function emptyDetail(): DetailRow {
  const empty: Record<FieldKind, () => unknown> = { text: () => '', flag: () => false, dynamicFields: () => [] };
  return Object.fromEntries(DETAIL_FIELDS.map((f) => [f.key, empty[f.kind]()])) as DetailRow;
}

/** A stored row's detail columns as a DetailRow. */
export function detailOf(row: StoredDetailColumns): DetailRow {
  const detail: Record<string, unknown> = {};
  for (const field of DETAIL_FIELDS) {
    const stored = row[field.column];
    detail[field.key] =
      field.kind === 'flag'
        ? stored === true || stored === 1
        : field.kind === 'dynamicFields'
          ? (JSON.parse(stored as string) as DynamicField[])
          : stored;
  }
  return detail as DetailRow;
}

/** The value a column stores for a record's field: text as it is, a flag as `flag(value)`, dynamic fields as JSON. */
export function storedValueOf(detail: DetailRow, field: DetailField, flag: (value: boolean) => unknown): unknown {
  const value = detail[field.key];
  return field.kind === 'flag'
    ? flag(value as boolean)
    : field.kind === 'dynamicFields'
      ? JSON.stringify(value)
      : value;
}

/** The gateway's detail answer. */
export function gatewayDetailOf(detail: DetailRow): LocationDetail {
  return Object.fromEntries(DETAIL_FIELDS.map((f) => [f.gateway, detail[f.key]])) as unknown as LocationDetail;
}

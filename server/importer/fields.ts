/**
 * The import and export format: the gateway contract's own field names. The location's own fields come
 * from the one field table (store/locationFields.ts); these add what places a record (its id, type, point
 * and province) and the limits of the dynamic fields.
 */
import { DETAIL_FIELDS, NAME_FIELD } from '../store/locationFields';

/** The file's columns, in the order an export writes them. */
export const FIELDS = [
  'Guid',
  'Type',
  NAME_FIELD.gateway,
  'Lat',
  'Long',
  'Ostan',
  ...DETAIL_FIELDS.filter((f) => f !== NAME_FIELD).map((f) => f.gateway),
] as const;
export type FieldName = (typeof FIELDS)[number];

export const DYNAMIC_LIMITS = {
  fields: 50,
  label: 200,
  value: 2000,
} as const;

export const DYNAMIC_FIELD_TYPES = ['input', 'check', 'text', 'file', 'image'] as const;

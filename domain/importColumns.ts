/**
 * The import and export format's columns: the gateway contract's own field names, in the order an export writes
 * them. The location's own fields come from the one field table (locationFields.ts); these add what places a
 * record (its id, type, point and province). The server reads and writes files by this list; the staff console
 * shows it, with what each column means, and offers it as a template.
 */
import { DETAIL_FIELDS } from './locationFields';

const [NAME, ...OTHER_DETAILS] = DETAIL_FIELDS;

export const IMPORT_COLUMNS = [
  'Guid',
  'Type',
  NAME.gateway,
  'Lat',
  'Long',
  'Ostan',
  ...OTHER_DETAILS.map((f) => f.gateway),
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** The columns a record must give (the rest may be empty). */
export const REQUIRED_COLUMNS: readonly ImportColumn[] = ['Guid', 'Type', NAME.gateway, 'Lat', 'Long'];

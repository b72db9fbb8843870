/** The detail columns both stores keep under the same names, and their one mapping to a DetailRow. */
import type { DynamicField } from '../../domain/gateway';
import type { DetailRow } from './LocationStore';

export interface StoredDetailColumns {
  name: string;
  position: string;
  supervision: string;
  gender: string;
  legal: string;
  phone: string;
  fax: string;
  address: string;
  /** SQLite stores 0/1, PostgreSQL a boolean. */
  show_more_details: number | boolean;
  dynamic_fields: string;
}

export function detailOf(row: StoredDetailColumns): DetailRow {
  return {
    name: row.name,
    position: row.position,
    supervision: row.supervision,
    gender: row.gender,
    legal: row.legal,
    phone: row.phone,
    fax: row.fax,
    address: row.address,
    showMoreDetails: row.show_more_details === true || row.show_more_details === 1,
    dynamicFields: JSON.parse(row.dynamic_fields) as DynamicField[],
  };
}

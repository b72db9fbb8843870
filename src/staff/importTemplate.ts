/**
 * The template a staff member starts a file from: the format's columns (domain/importColumns.ts) and one
 * example row, as CSV that Excel opens as UTF-8. The example's text is the data's own language (Persian),
 * whatever the page's.
 */
import { IMPORT_COLUMNS, type ImportColumn } from '../../domain/importColumns';
import { toCsv } from '../ui/csv';

const EXAMPLE: Record<ImportColumn, string> = {
  Guid: '6F9619FF-8B86-D011-B42D-00C04FC964FF',
  Type: 'Centers',
  NameMakanAmoozeshi: 'مرکز آموزش فنی و حرفه‌ای نمونه',
  Lat: '35.6892',
  Long: '51.3890',
  Ostan: 'Tehran',
  Mogiyat: '',
  ZirNazar: 'اداره کل آموزش فنی و حرفه‌ای استان تهران',
  Gender: 'مختلط',
  Legal: 'دولتی',
  PhoneNumber: '021-66001234',
  Fax: '',
  Address: 'تهران، خیابان آزادی',
  ShowMoreDetails: 'false',
  daynamicFields: '[]',
};

export const TEMPLATE_FILE = 'makan-template.csv';

export function templateCsv(): string {
  return toCsv(IMPORT_COLUMNS, [IMPORT_COLUMNS.map((column) => EXAMPLE[column])]);
}

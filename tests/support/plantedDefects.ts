/**
 * A file with twenty planted problems, built from a type's locations as the server exports them: the first
 * BASE_ROWS locations as they are (clean: the test checks they yield no finding), then new locations, each clean
 * but for its one planted problem. `expected` lists the findings (kind and line) the quality report must give,
 * no more and no fewer.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { PROVINCES } from '../../domain/provinces';

export const BASE_ROWS = 30;

type Row = Record<string, string>;
export interface PlantedFile {
  csv: string;
  /** The clean part alone. */
  baseCsv: string;
  expected: { kind: string; line: number }[];
  /** How many of the type's locations the file starts with (BASE_ROWS, or all of them when fewer). */
  baseRows: number;
  /** The new locations that are valid (the outside-province ones are refused). */
  validNew: number;
  /** New rows whose point lies outside the province they name (refused by the validation too). */
  outside: number;
}

const guid = (n: number) => `DEFEC7ED-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A different, dialable Tehran number for each new row. */
/** A phone number as Excel leaves it once it has taken the cell for a number: 021-88776655 without its 0. */
export const EXCEL_DROPPED_ZERO = '2188776655';

const phoneOf = (n: number) => `021-8${String(1_000_000 + n * 7919).slice(-7)}`;

export function plantDefects(exportedCsv: string): PlantedFile {
  const rows = parse(exportedCsv.replace(/^\uFEFF/, ''), { columns: true }) as Row[];
  const columns = Object.keys(rows[0]!);
  const base = rows.slice(0, BASE_ROWS);
  const planted: { row: Row; kind: string | null }[] = [];
  let n = 0;
  /** A clean new location near base row `i` (about 300 m north-east and more, so never a name duplicate). */
  const fresh = (i: number): Row => {
    n++;
    const near = base[i % base.length]!;
    return {
      ...near,
      Guid: guid(n),
      NameMakanAmoozeshi: `مرکز آزمایشی شماره ${n}`,
      Lat: (Number(near['Lat']) + 0.003).toFixed(6),
      Long: (Number(near['Long']) + 0.003).toFixed(6),
      PhoneNumber: phoneOf(n),
      Fax: '',
      Address: `خیابان آزمایش، پلاک ${n}`,
      Gender: near['Gender'] || 'مردانه',
    };
  };
  const plant = (kind: string | null, change: (row: Row) => void, i = n) => {
    const row = fresh(i);
    change(row);
    planted.push({ row, kind });
  };
  // Duplicates: the same name 30-60 m from a base location (twice), and a base location's phone (once).
  plant('duplicate', (r) => {
    r['NameMakanAmoozeshi'] = base[0]!['NameMakanAmoozeshi']!;
    r['Lat'] = (Number(base[0]!['Lat']) + 0.0003).toFixed(6);
    r['Long'] = base[0]!['Long']!;
  });
  plant('duplicate', (r) => {
    r['NameMakanAmoozeshi'] = base[1]!['NameMakanAmoozeshi']!;
    r['Lat'] = base[1]!['Lat']!;
    r['Long'] = (Number(base[1]!['Long']) + 0.0006).toFixed(6);
  });
  plant('duplicate', (r) => {
    r['PhoneNumber'] = base[2]!['PhoneNumber']!;
  });
  // Points outside the province they name.
  for (let k = 0; k < 3; k++)
    plant('outside_province', (r) => {
      // A province far from the point, well past the outlines' tolerance: the east's for a western point.
      const elsewhere = Number(r['Long']) <= 54 ? 'Sistan and Baluchestan' : 'Ardabil';
      r['Ostan'] = PROVINCES.find((p) => p.name_en === elsewhere)!.name_en;
    });
  // Missing fields.
  for (const field of ['PhoneNumber', 'PhoneNumber', 'Address', 'Address', 'Gender', 'Gender'])
    plant('missing_field', (r) => {
      r[field] = '';
    });
  // Numbers one cannot dial: four phones (one as Excel leaves a number it took for a number: its 0 dropped), four
  // faxes.
  for (const bad of [EXCEL_DROPPED_ZERO, '021-123', 'تماس بگیرید', '+1 555 0100'])
    plant('bad_number', (r) => {
      r['PhoneNumber'] = bad;
    });
  for (const bad of ['۰۲۱-۸۸', '0000000000', 'fax', '98-21-88']) plant('bad_number', (r) => (r['Fax'] = bad));
  // A few clean ones among them.
  for (let k = 0; k < 4; k++) plant(null, () => undefined);

  const write = (list: Row[]) => stringify(list, { header: true, columns });
  const expected = planted.flatMap((p, i) => (p.kind ? [{ kind: p.kind, line: base.length + 2 + i }] : []));
  return {
    csv: write([...base, ...planted.map((p) => p.row)]),
    baseCsv: write(base),
    expected,
    baseRows: base.length,
    validNew: planted.filter((p) => p.kind !== 'outside_province').length,
    outside: planted.filter((p) => p.kind === 'outside_province').length,
  };
}

import { describe, expect, it } from 'vitest';
import { fieldNamed, FIELDS } from '../../server/importer/fields';
import { CSV_SEPARATORS, separatorHint, separatorOfHeader } from '../../server/importer/separator';

const COLUMNS = new Set<string>(FIELDS);
const HEADER = ['Guid', 'Type', 'NameMakanAmoozeshi', 'Lat', 'Long'];

describe("a CSV file's separator, told from its header row", () => {
  it.each(CSV_SEPARATORS.map((s) => [JSON.stringify(s), s] as const))(
    'the header split by %s is read with it',
    (_, separator) => {
      expect(separatorOfHeader(HEADER.join(separator), COLUMNS)).toBe(separator);
      // Quoted columns, a byte-order mark and spaces around the names, as some spreadsheets write them.
      expect(separatorOfHeader(`\uFEFF${HEADER.map((c) => ` "${c}" `).join(separator)}`, COLUMNS)).toBe(separator);
    },
  );

  it('the separator that finds the most columns wins; with none found the comma stays', () => {
    expect(separatorOfHeader('Guid;Type;NameMakanAmoozeshi;Lat,Long', COLUMNS)).toBe(';');
    expect(separatorOfHeader('Guid,Type;Lat', COLUMNS)).toBe(',');
    expect(separatorOfHeader('Nonsense;Columns', COLUMNS)).toBe(',');
    expect(separatorOfHeader('', COLUMNS)).toBe(',');
  });

  it('knows the columns in any case, as the import reads them', () => {
    expect(separatorOfHeader(HEADER.map((c) => c.toLowerCase()).join(';'), COLUMNS)).toBe(';');
    expect(separatorOfHeader(HEADER.map((c) => c.toUpperCase()).join('\t'), COLUMNS)).toBe('\t');
    expect([fieldNamed('lat'), fieldNamed('NAMEMAKANAMOOZESHI'), fieldNamed('Colour')]).toEqual([
      'Lat',
      'NameMakanAmoozeshi',
      'Colour',
    ]);
  });
});

describe("Excel's hint line", () => {
  it('names the separator (quoted or not, any case, after a byte-order mark); anything else is no hint', () => {
    expect(separatorHint('sep=;')).toBe(';');
    expect(separatorHint('\uFEFFSEP=,\r')).toBe(',');
    expect(separatorHint('"sep=\t"')).toBe('\t');
    expect(separatorHint('sep=\u061b')).toBe('\u061b');
    for (const line of ['sep=|', 'sep=', 'sep=;;', 'Guid,Type', ' sep=;', 'separator=;'])
      expect(separatorHint(line), line).toBeNull();
  });
});

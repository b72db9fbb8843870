/**
 * Spreadsheet files as the staff's programs write them, for the tests of what the importer says of one: a zip
 * archive (stored, with its central directory, as `unzip` reads it) of an Excel workbook's or a LibreOffice
 * sheet's parts in the order those programs write them, and the first sector of an Excel 97-2003 file.
 */
import { crc32 } from 'node:zlib';

/** A zip archive of `entries`, stored uncompressed. */
export function zipOf(entries: readonly (readonly [name: string, content: string])[]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const SHEET = `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Guid</t></is></c></row></sheetData></worksheet>`;

/** An Excel workbook (.xlsx) as Excel writes it: its content types first. */
export const excelWorkbook = () =>
  zipOf([
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    ],
    ['_rels/.rels', `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>`],
    ['xl/workbook.xml', `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>`],
    ['xl/worksheets/sheet1.xml', SHEET],
  ]);

/** A workbook as other programs write one (openpyxl, for one): its document properties first. */
export const otherWorkbook = () =>
  zipOf([
    ['docProps/app.xml', `${XML}<Properties/>`],
    ['xl/worksheets/sheet1.xml', SHEET],
    ['xl/workbook.xml', `${XML}<workbook/>`],
    ['[Content_Types].xml', `${XML}<Types/>`],
  ]);

/** A LibreOffice sheet (.ods): its media type first, as OpenDocument requires. */
export const openDocumentSheet = () =>
  zipOf([
    ['mimetype', 'application/vnd.oasis.opendocument.spreadsheet'],
    ['content.xml', `${XML}<office:document-content/>`],
  ]);

/** The start of an Excel 97-2003 file: the compound file's signature and header sector. */
export const excel97Workbook = () =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

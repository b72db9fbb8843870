/**
 * Spreadsheet files as the staff's programs write them, for the tests of what the importer says of one: zip
 * archives (made by fflate) of an Excel workbook's or a LibreOffice sheet's parts in the order those programs write
 * them, and the first sector of an Excel 97-2003 file.
 */
import { strToU8, zipSync } from 'fflate';

/** A zip archive of `entries`, in their order, stored uncompressed. */
export function zipOf(entries: readonly (readonly [name: string, content: string])[]) {
  const files = Object.fromEntries(entries.map(([name, content]) => [name, strToU8(content)]));
  return Buffer.from(zipSync(files, { level: 0 }));
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

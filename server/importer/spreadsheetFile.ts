/**
 * A spreadsheet's own file (an Excel workbook, a LibreOffice sheet) where the importer reads text. The staff keep
 * their locations in Excel, and the first file many of them send is the workbook itself: told "a zip archive" or
 * "not a text file", they cannot tell what to do. Known by its name, or by its first bytes when it was renamed,
 * it is answered with the way to the file the importer reads: the same sheet saved as "CSV UTF-8".
 */
import { extname } from 'node:path';

export type SpreadsheetKind = 'xlsx' | 'xls' | 'ods';

const BY_NAME: Readonly<Record<string, SpreadsheetKind>> = {
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  xlsb: 'xlsx',
  xls: 'xls',
  ods: 'ods',
};

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The compound file that Excel 97-2003 (.xls) and the other old Office formats are kept in. */
const COMPOUND_FILE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** An OpenDocument file's first entry is its media type, stored as is (the format requires it). */
const ODS_MEDIA_TYPE = 'mimetypeapplication/vnd.oasis.opendocument.spreadsheet';

/** The spreadsheet a file name says, or null. */
export function spreadsheetByName(fileName: string): SpreadsheetKind | null {
  return BY_NAME[extname(fileName).slice(1).toLowerCase()] ?? null;
}

/**
 * The spreadsheet a file's first bytes are, or null. A workbook is a zip archive whose entries' names (written
 * before each entry, so the first ones are within the first kilobytes) are the Office Open XML parts.
 */
export function spreadsheetByBytes(head: Buffer): SpreadsheetKind | null {
  if (head.subarray(0, COMPOUND_FILE.length).equals(COMPOUND_FILE)) return 'xls';
  if (!head.subarray(0, ZIP.length).equals(ZIP)) return null;
  const names = head.subarray(0, 64 * 1024).toString('latin1');
  if (names.includes(ODS_MEDIA_TYPE)) return 'ods';
  if (names.includes('[Content_Types].xml') || names.includes('xl/workbook') || names.includes('xl/worksheets/'))
    return 'xlsx';
  return null;
}

const WHAT: Readonly<Record<SpreadsheetKind, string>> = {
  xlsx: 'an Excel workbook (.xlsx)',
  xls: 'an Excel 97-2003 workbook (.xls) or another old Office file',
  ods: 'a LibreOffice or OpenOffice spreadsheet (.ods)',
};

/** What to tell whoever sent a spreadsheet: what it is, and how to make the file that is read. */
export const spreadsheetAdvice = (kind: SpreadsheetKind) =>
  `this is ${WHAT[kind]}, not its text: save the sheet as "CSV UTF-8" (in Excel: File, Save As, CSV UTF-8) and send that file`;

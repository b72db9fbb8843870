import { describe, expect, it } from 'vitest';
import { spreadsheetAdvice, spreadsheetByBytes, spreadsheetByName } from '../../server/importer/spreadsheetFile';
import { excel97Workbook, excelWorkbook, openDocumentSheet, otherWorkbook, zipOf } from '../support/spreadsheetFiles';

describe('a spreadsheet where its text was wanted', () => {
  it('is known by its name', () => {
    expect(['book.xlsx', 'BOOK.XLSX', 'a.b.xlsm', 'old.xls', 'calc.ods'].map(spreadsheetByName)).toEqual([
      'xlsx',
      'xlsx',
      'xlsx',
      'xls',
      'ods',
    ]);
    expect(['data.csv', 'data.txt', 'points.geojson', 'xlsx', 'data.xlsx.csv'].map(spreadsheetByName)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('is known by its first bytes when renamed, in the order each program writes its parts', () => {
    expect(spreadsheetByBytes(excelWorkbook())).toBe('xlsx');
    expect(spreadsheetByBytes(otherWorkbook())).toBe('xlsx');
    expect(spreadsheetByBytes(openDocumentSheet())).toBe('ods');
    expect(spreadsheetByBytes(excel97Workbook())).toBe('xls');
    // Its first kilobytes are enough, as an upload's first piece gives them.
    expect(spreadsheetByBytes(excelWorkbook().subarray(0, 64))).toBe('xlsx');
  });

  it('is not a zipped CSV, a CSV or nothing', () => {
    expect(spreadsheetByBytes(zipOf([['data.csv', 'Guid,Type\n']]))).toBeNull();
    expect(spreadsheetByBytes(Buffer.from('Guid,Type\n[Content_Types].xml\n'))).toBeNull();
    expect(spreadsheetByBytes(Buffer.alloc(0))).toBeNull();
  });

  it('is answered with the way to the file that is read', () => {
    expect(spreadsheetAdvice('xlsx')).toMatch(/Excel workbook \(\.xlsx\).*save the sheet as "CSV UTF-8"/);
    expect(spreadsheetAdvice('xls')).toMatch(/Excel 97-2003/);
    expect(spreadsheetAdvice('ods')).toMatch(/\.ods/);
  });
});

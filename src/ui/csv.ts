import { safeCell } from '../../domain/csvCells';

/**
 * CSV for chart data: RFC 4180 quoting, CRLF rows, and a BOM so spreadsheet programs read Persian as UTF-8; a
 * text cell a spreadsheet would take for a formula is neutralised (domain/csvCells.ts).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cell = (value: string | number) => {
    const text = typeof value === 'number' ? String(value) : safeCell(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** A share as a file writes it: ASCII digits, one decimal ("75.0%"), whatever the page's language. */
export function fileShare(part: number, whole: number): string {
  return `${whole === 0 ? '0.0' : ((part / whole) * 100).toFixed(1)}%`;
}

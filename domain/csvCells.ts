/**
 * What a spreadsheet does with a cell: one that starts with = + - @ (or a tab, carriage return or NUL, which some
 * programs skip before reading the rest) is read as a formula, so a location named `=HYPERLINK(...)` or
 * `-2+3+cmd|' /C calc'!A0` would run in the reader's Excel. Every CSV Makan writes passes its text cells through
 * `safeCell`, which puts a single quote before such a cell as OWASP's CSV injection sheet advises: the
 * spreadsheet then shows the text as it is. Numbers are written as numbers (a negative one stays a number).
 * An import reads cells as they are sent: the quote, when a file comes back, is the sender's to keep or drop.
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;

export function safeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

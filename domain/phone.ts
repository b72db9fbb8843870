/**
 * Iranian phone numbers as the data writes them: a field may hold several (split as domain/directions.ts's tel
 * links split them), in Persian, Arabic-Indic or Latin digits, with spaces, dashes and brackets. A number is
 * dialable from anywhere in Iran when it is the national form: 0, then ten digits that do not start with 0 (a
 * province's two-digit area code and eight digits, or a mobile's 9 and nine), or the same after +98 or 0098.
 */
import { foldText } from './text';

/** The pieces of a phone or fax field, each as written. */
export function phonePieces(field: string): string[] {
  return field
    .split(/[/,،;]|\s-\s/)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
}

/**
 * The national form of a number that lost its leading 0 (ten digits, the first not 0), as Excel drops it from a
 * cell it takes for a number: null for anything else. Said to the staff, never applied for them: a number that
 * only looks so stays theirs to correct.
 */
export function zeroDropped(piece: string): string | null {
  const digits = foldText(piece).replace(/[\s\-()]/g, '');
  return /^[1-9]\d{9}$/.test(digits) ? nationalNumber(`0${digits}`) : null;
}

/** A piece's national form (`0` and ten digits), or null when it is not a number one can dial in Iran. */
export function nationalNumber(piece: string): string | null {
  const folded = foldText(piece).trim();
  if (/[^\d\s\-().+]/.test(folded)) return null;
  const digits = folded.replace(/\D/g, '');
  const international = folded.startsWith('+') ? digits.replace(/^98/, '0') : digits.replace(/^0098/, '0');
  return /^0[1-9]\d{9}$/.test(international) ? international : null;
}

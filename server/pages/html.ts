/** Writing HTML on the server: every text from the data escaped, numbers in the page's digits. */
import { LANGUAGE_TABLE, type Language } from '../../domain/language';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (or an attribute's value) as HTML writes it. */
export const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const formats = new Map<string, Intl.NumberFormat>();

/** A number in the language's digits, with this many decimals (made once per language and decimals). */
export function formatDecimal(value: number, language: Language, digits = 2): string {
  const key = `${language}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_TABLE[language].locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format.format(value);
}

/** A share (0 to 1) as a percentage in the language's digits and sign, to one decimal. */
export function formatShare(value: number, language: Language): string {
  const key = `${language}|%`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_TABLE[language].locale, { style: 'percent', maximumFractionDigits: 1 });
    formats.set(key, format);
  }
  return format.format(value);
}

export const formatCount = (value: number, language: Language): string => formatDecimal(value, language, 0);

const DIGIT = /[0-9\u0660-\u0669\u06f0-\u06f9]/g;

/** A text's digits (Latin, Arabic or Persian, as the data has them) in the language's: a phone on a Persian page. */
export function inDigits(text: string, language: Language): string {
  const digits = [...'0123456789'].map((d) => formatCount(Number(d), language));
  // The three scripts' digits all end in their value: U+0035, U+0665 and U+06F5 are each five.
  return text.replace(DIGIT, (d) => digits[d.charCodeAt(0) & 0xf]!);
}

/** A path with a query, its parameters in a fixed order, empty ones left out. */
export function href(path: string, params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

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

/** A path with a query, its parameters in a fixed order, empty ones left out. */
export function href(path: string, params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Writing HTML (and the feeds' and sitemaps' XML) on the server. Markup is made only by the `html` tagged
 * template, which escapes every value placed in it unless the value is already `Html`: a value that is not
 * markup cannot become markup by being forgotten. Numbers are written in the page's digits by the formats below.
 */
import { LANGUAGE_TABLE, type Language } from '../../domain/language';

/**
 * Markup: made by `html` from escaped values, or by `trustedHtml` from the program's own constants. The class is
 * not exported and its private member makes the type nominal, so nothing else can make one, and a string can never
 * pass for one.
 */
class Markup {
  declare private readonly brand: true;
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}
export type Html = Markup;

/** What may stand in a template: text (escaped), a number, markup, nothing, or a list of these (joined). */
export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/**
 * Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): in a name they would reorder the
 * page's text around it (a phone shown backwards, a link's words swapped), so a value placed in a page drops them.
 * The page isolates each data value itself (`dir="auto"`, `<bdi>`).
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
/** Control characters but tab and line breaks: meaningless in a page, and they make a feed's XML ill-formed. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Text (or an attribute's value, always quoted) as HTML and XML write it. */
const escapeText = (text: string): string =>
  text
    .replace(BIDI_CONTROLS, '')
    .replace(CONTROLS, '')
    .replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function written(value: HtmlValue): string {
  if (value instanceof Markup) return value.text;
  if (value === null || value === undefined || value === false) return '';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(written).join('');
  // Whatever else reaches here past the types is text, and escaped as text.
  return escapeText(String(value));
}

/** The tagged template: `html\`<p>${name}</p>\`` escapes `name` unless it is `Html`. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let text = strings[0]!;
  for (let i = 0; i < values.length; i++) text += written(values[i]!) + strings[i + 1]!;
  return new Markup(text);
}

/** Pieces of markup with a separator between them (itself escaped unless it is markup). */
export const joinHtml = (items: readonly HtmlValue[], separator: HtmlValue = ''): Html =>
  new Markup(items.map(written).join(written(separator)));

/**
 * Markup the program itself wrote as a constant (the pages' style, an SVG path made of numbers): never a value
 * from the data or a request. Its callers are few and named in the test that guards this module.
 */
export const trustedHtml = (text: string): Html => new Markup(text);

/**
 * Data for a script element (`application/json`, `application/ld+json`): JSON, with `<`, `>` and `&` written as
 * escapes so that no text in it can close the element or open a comment.
 */
export const jsonInScript = (value: unknown): Html =>
  new Markup(
    JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );

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

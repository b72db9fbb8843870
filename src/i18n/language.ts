/**
 * The page's language, fixed for its lifetime: read once from <html lang>, which the server (or, for the
 * offline shell, /lang.js, written from the table) set before the first paint by the rule in domain/language.ts. Changing the
 * language loads the page again (useLanguageSwitch), so nothing is ever drawn in two languages.
 */
import {
  DEFAULT_LANGUAGE,
  DIRECTION,
  isLanguage,
  LANGUAGE_MEMORY,
  LANGUAGES,
  LANGUAGE_PARAM,
  LANGUAGE_TABLE,
  type Language,
} from '../../domain/language';

/** The little of the DOM read here: this module is also loaded by the tests in Node, where there is no page. */
interface PageGlobals {
  document?: { documentElement: { lang: string } };
}

function pageLanguage(): Language {
  const lang = (globalThis as PageGlobals).document?.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

export const LANGUAGE: Language = pageLanguage();
/** How this page writes numbers, dates and names (domain/language.ts). */
export const PAGE_LANGUAGE = LANGUAGE_TABLE[LANGUAGE];
export const PAGE_DIRECTION = DIRECTION[LANGUAGE];
/** Where lines start and end on this page, as the physical sides components that know no direction take. */
export const INLINE_START: 'left' | 'right' = PAGE_DIRECTION === 'rtl' ? 'right' : 'left';
export const INLINE_END: 'left' | 'right' = PAGE_DIRECTION === 'rtl' ? 'left' : 'right';

/** The languages a visitor can switch to from this page. */
export const OTHER_LANGUAGES: readonly Language[] = LANGUAGES.filter((language) => language !== LANGUAGE);

/** The cookie that remembers the visitor's choice, read by the server and by the offline shell's script. */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_MEMORY}=${language}; path=/; max-age=31536000; SameSite=Lax`;
}

/** This page's address in another language. */
export function addressIn(language: Language, path: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(LANGUAGE_PARAM, language);
  return `${path}?${params.toString()}`;
}

/**
 * The languages Makan speaks, and how a page's language is chosen: `?lang=` in the address first (a shared
 * link keeps its language), then the visitor's remembered choice (a cookie), then Persian. The server and
 * the page apply the same rule, so `lang` and `dir` on <html> are right at the first paint and nothing flips
 * after load (public/lang.js is the page's copy of this rule, for the offline shell).
 */
export const LANGUAGES = ['fa', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'fa';
export const LANGUAGE_PARAM = 'lang';
/** The cookie that remembers the visitor's choice. */
export const LANGUAGE_MEMORY = 'makan-lang';

export const DIRECTION: Record<Language, 'rtl' | 'ltr'> = { fa: 'rtl', en: 'ltr' };
/** Each language's web app manifest (an installed Makan's name, direction and start page), at the site's root. */
export const MANIFEST_FILE: Record<Language, string> = { fa: 'manifest.webmanifest', en: 'manifest-en.webmanifest' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The page's language from the address's `?lang=` and the remembered choice (either may be missing or junk). */
export function chooseLanguage(asked: string | null | undefined, remembered: string | null | undefined): Language {
  if (isLanguage(asked)) return asked;
  if (isLanguage(remembered)) return remembered;
  return DEFAULT_LANGUAGE;
}

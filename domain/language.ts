/**
 * How a page's language is chosen from the table of languages (languageTable.ts): `?lang=` in the address first
 * (a shared link keeps its language), then the visitor's remembered choice (a cookie), then Persian. The server
 * and the page apply the same rule, so `lang` and `dir` on <html> are right at the first paint and nothing flips
 * after load (the offline shell's script, src/shell/languageScript.ts, is written from the table by the build).
 */
import { LANGUAGE_TABLE, type LanguageEntry } from './languageTable';

export { LANGUAGE_TABLE, type LanguageEntry };

export type Language = keyof typeof LANGUAGE_TABLE;
export const LANGUAGES = Object.keys(LANGUAGE_TABLE) as readonly Language[];

/** The language of a page nobody chose one for; index.html, as built, is its shell. */
export const DEFAULT_LANGUAGE: Language = 'fa';
export const LANGUAGE_PARAM = 'lang';
/** The cookie that remembers the visitor's choice. */
export const LANGUAGE_MEMORY = 'makan-lang';

const column = <K extends keyof LanguageEntry>(key: K) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, LANGUAGE_TABLE[language][key]])) as Record<
    Language,
    LanguageEntry[K]
  >;

export const DIRECTION = column('direction');
export const MANIFEST_FILE = column('manifestFile');

/**
 * A name as a language's pages show it: from the data's Persian names or its English ones (`dataNames`), the one
 * rule for every name the data and the reference tables give in both.
 */
export const inDataNames = <T>(language: Language, names: { fa: T; en: T }): T =>
  names[LANGUAGE_TABLE[language].dataNames];

/** Where an installed app in this language opens: the site's root, in its language. */
export function startUrlOf(language: Language): string {
  return language === DEFAULT_LANGUAGE ? '/' : `/?${LANGUAGE_PARAM}=${language}`;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(LANGUAGE_TABLE, value);
}

/** The page's language from the address's `?lang=` and the remembered choice (either may be missing or junk). */
export function chooseLanguage(asked: string | null | undefined, remembered: string | null | undefined): Language {
  if (isLanguage(asked)) return asked;
  if (isLanguage(remembered)) return remembered;
  return DEFAULT_LANGUAGE;
}

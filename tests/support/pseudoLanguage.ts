/**
 * A pseudo-language made from English, as translators' tools make one: every word the app or a page says comes
 * out between ⟦ and ⟧, so a word not taken from the language's words file stands out. Used to prove that a
 * language joins Makan with one table entry and its words (tests/api/pseudoLanguage.test.ts).
 */
import type { LanguageEntry } from '../../domain/languageTable';

export const PSEUDO = 'xx';

/** Every string inside `words`, and every string a function of it returns, marked. */
export function pseudoWords<T>(words: T): T {
  const mark = (value: unknown): unknown => {
    if (typeof value === 'string') return `⟦${value}⟧`;
    if (typeof value === 'function')
      return (...args: unknown[]) => mark((value as (...a: unknown[]) => unknown)(...args));
    if (Array.isArray(value)) return value.map(mark);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, mark(inner)]));
    return value;
  };
  return mark(words) as T;
}

/** The pseudo-language's entry: English's, with a name, a manifest and words of its own. */
export function pseudoEntry(english: LanguageEntry): LanguageEntry {
  return {
    ...english,
    ownName: 'Ƥşéűđő',
    switchLabel: '⟦Show this page in Pseudo⟧',
    manifestFile: 'manifest-xx.webmanifest',
    appShortName: '⟦Makan⟧',
    facetNames: pseudoWords(english.facetNames),
    shell: pseudoWords(english.shell),
  };
}

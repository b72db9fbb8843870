/** The words of each language, and the page's: every view reads its strings from `t`. */
import type { Language } from '../../domain/language';
import { en } from './en';
import { fa } from './fa';
import { LANGUAGE } from './language';

/** The shape of a language's words: the Persian's, with its texts as plain strings. */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends readonly string[]
      ? readonly string[]
      : { readonly [K in keyof T]: Widen<T[K]> };

export type Words = Widen<typeof fa>;

/** Every language's words: a language of domain/language.ts without its words here fails to compile. */
export const WORDS: Record<Language, Words> = { fa, en };

export const t: Words = WORDS[LANGUAGE];

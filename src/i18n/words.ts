/** The words of the page's language: every view reads its strings from `t`. */
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

export const t: Words = LANGUAGE === 'en' ? en : fa;

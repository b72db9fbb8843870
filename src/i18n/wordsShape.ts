/**
 * The shape every language's words take: the Persian words' own, with their texts as plain strings. Apart from
 * src/i18n/words.ts (which gathers the languages) so that a language's file can say it has this shape without
 * importing the file that imports it.
 */
import type { fa } from './fa';

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends readonly string[]
      ? readonly string[]
      : { readonly [K in keyof T]: Widen<T[K]> };

export type Words = Widen<typeof fa>;

/** The words of each language, and the page's: every view reads its strings from `t`. */
import type { Language } from '../../domain/language';
import { en } from './en';
import { fa } from './fa';
import { LANGUAGE } from './language';
import type { Words } from './wordsShape';

/** Every language's words: a language of domain/language.ts without its words here fails to compile. */
export const WORDS: Record<Language, Words> = { fa, en };

export const t: Words = WORDS[LANGUAGE];

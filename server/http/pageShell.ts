/**
 * The page shell (the built index.html) in each language, made once at start: `lang` and `dir` on <html>,
 * the title and the words painted before the scripts arrive. The server picks the page's language by the
 * shared rule (domain/language.ts: `?lang=`, then the remembered choice) and sends that shell, so the first
 * paint is already in the right language and direction.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { MANIFEST_FILE, type Language } from '../../domain/language';

/** The Persian shell's texts and their English; each must be found, or the shell has changed under us. */
const ENGLISH: readonly [string, string][] = [
  ['<html lang="fa" dir="rtl">', '<html lang="en" dir="ltr">'],
  [`<link rel="manifest" href="/${MANIFEST_FILE.fa}">`, `<link rel="manifest" href="/${MANIFEST_FILE.en}">`],
  [
    'content="نقشه و آمار مکان‌های آموزشی سازمان آموزش فنی و حرفه‌ای کشور"',
    'content="Map and statistics of the training locations of the Technical and Vocational Training Organization of Iran"',
  ],
  [
    '<title>سامانه داده‌های مکانی - سازمان آموزش فنی و حرفه‌ای</title>',
    '<title>Locations data system - Technical and Vocational Training Organization</title>',
  ],
  [
    'سامانه داده‌های مکانی سازمان آموزش فنی و حرفه‌ای کشور</p>',
    'Locations data system of the Technical and Vocational Training Organization of Iran</p>',
  ],
  ['در حال بارگذاری نقشه و آمار…', 'Loading the map and statistics…'],
  ['برای دیدن نقشه، اجرای جاوااسکریپت را در مرورگر روشن کنید.', 'Turn on JavaScript in the browser to see the map.'],
];

export class ShellChanged extends Error {}

export function shellsOf(persian: string): Record<Language, string> {
  let english = persian;
  for (const [fa, en] of ENGLISH) {
    if (!english.includes(fa)) throw new ShellChanged(`index.html no longer contains ${JSON.stringify(fa)}`);
    english = english.replace(fa, en);
  }
  return { fa: persian, en: english };
}

/** A shell as sent: its bytes plain and precompressed (made once, as the build does for its other files). */
export interface EncodedShell {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function encodedShellsOf(persian: string): Record<Language, EncodedShell> {
  const encode = (html: string): EncodedShell => {
    const identity = Buffer.from(html);
    return { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity) };
  };
  const shells = shellsOf(persian);
  return { fa: encode(shells.fa), en: encode(shells.en) };
}

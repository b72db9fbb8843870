/**
 * The page shell (the built index.html) in each language, made once at start: `lang` and `dir` on <html>,
 * the title and the words painted before the scripts arrive. The server picks the page's language by the
 * shared rule (domain/language.ts: `?lang=`, then the remembered choice) and sends that shell, so the first
 * paint is already in the right language and direction.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { DEFAULT_LANGUAGE, LANGUAGE_TABLE, LANGUAGES, type Language } from '../../domain/language';
import { html } from '../pages/html';

/** The places in the built shell (the default language's) that differ by language, as that language writes them. */
function shellTexts(language: Language): readonly string[] {
  const { direction, manifestFile, shell } = LANGUAGE_TABLE[language];
  return [
    html`<html lang="${language}" dir="${direction}">`,
    html`<link rel="manifest" href="${`/${manifestFile}`}">`,
    html`content="${shell.description}"`,
    html`<title>${shell.title}</title>`,
    html`<span class="boot-title-full">${shell.heading}</span>`,
    html`<span class="boot-title-short">${shell.headingShort}</span>`,
    html`<p class="boot-subtitle">${shell.subtitle}</p>`,
    html`${shell.loading}`,
    html`${shell.noScript}`,
  ].map((markup) => markup.text);
}

export class ShellChanged extends Error {}

/** Each language's shell from the built one; each text must be found, or the shell has changed under us. */
export function shellsOf(built: string): Record<Language, string> {
  const from = shellTexts(DEFAULT_LANGUAGE);
  for (const text of from)
    if (!built.includes(text)) throw new ShellChanged(`index.html no longer contains ${JSON.stringify(text)}`);
  const shellIn = (language: Language) =>
    shellTexts(language).reduce((html, text, i) => html.replace(from[i]!, () => text), built);
  return Object.fromEntries(LANGUAGES.map((language) => [language, shellIn(language)])) as Record<Language, string>;
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
  return Object.fromEntries(LANGUAGES.map((language) => [language, encode(shells[language])])) as Record<
    Language,
    EncodedShell
  >;
}

/**
 * A language joins Makan with one entry in the table (domain/languageTable.ts) and its words (WORDS for the app,
 * PAGE_WORDS for the server's pages), nothing else: this file adds a pseudo-language made from English that way
 * and finds it offered everywhere. Every page answers in it (its lang and direction, its words, a link to each
 * other language and from each of them), the page shell links its own manifest, the sitemap lists its pages, the
 * manifest and the offline shell's script are written for it, and the app's language menu offers it.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGES, LANGUAGE_TABLE } from '../../domain/language';
import { OTHER_LANGUAGES } from '../../src/i18n/language';
import { appManifest } from '../../src/shell/appManifest';
import { languageScript } from '../../src/shell/languageScript';
import { PSEUDO } from '../support/pseudoLanguage';
import { startTestServer, type TestServer } from '../support/testServer';

vi.mock('../../domain/languageTable', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../domain/languageTable')>();
  const { pseudoEntry } = await import('../support/pseudoLanguage');
  return { ...real, LANGUAGE_TABLE: { ...real.LANGUAGE_TABLE, xx: pseudoEntry(real.LANGUAGE_TABLE.en) } };
});
vi.mock('../../src/i18n/words', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/i18n/words')>();
  const { pseudoWords } = await import('../support/pseudoLanguage');
  return { ...real, WORDS: { ...real.WORDS, xx: pseudoWords(real.WORDS.en) } };
});
vi.mock('../../server/pages/pageWords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/pages/pageWords')>();
  const { pseudoWords } = await import('../support/pseudoLanguage');
  return { ...real, PAGE_WORDS: { ...real.PAGE_WORDS, xx: pseudoWords(real.PAGE_WORDS.en) } };
});

function get(baseUrl: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'identity' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const withLanguage = (path: string, language: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;
/** The languages a page links to, by the hreflang of its alternates. */
const alternates = (page: string) => [...page.matchAll(/<link rel="alternate" hreflang="([^"]+)"/g)].map((m) => m[1]);

let server: TestServer;
let pages: string[];
beforeAll(async () => {
  server = await startTestServer({ points: 600, withClient: true });
  // A location's page too: the first a province's list links to.
  const list = await get(server.baseUrl, '/list?type=Centers&province=Tehran');
  const guid = /href="\/Centers\?loc=([0-9a-f-]{36})"/i.exec(list.body)![1]!;
  pages = [
    '/',
    '/Centers',
    '/Centers?tab=stats',
    '/list?type=Centers&province=Tehran',
    `/search?type=Centers&q=${encodeURIComponent('تهران')}`,
    `/Centers?loc=${guid}`,
  ];
}, 120_000);
afterAll(() => server.stop());

describe('a pseudo-language added through the table alone', () => {
  it('is a language of the table, with its words', () => {
    expect(LANGUAGES).toEqual(['fa', 'en', PSEUDO]);
    expect(LANGUAGE_TABLE[PSEUDO as 'en'].ownName).toBe('Ƥşéűđő');
  });

  it('answers every page in it, with links to and from every other language', async () => {
    for (const path of pages) {
      const page = await get(server.baseUrl, withLanguage(path, PSEUDO));
      expect(page.status, path).toBe(200);
      expect(page.body, path).toMatch(/<html lang="xx" dir="ltr"/);
      // Its own words, not English's: the page's words file was used.
      expect(page.body, path).toContain('⟦');
      expect(alternates(page.body), path).toEqual(expect.arrayContaining(['fa', 'en', PSEUDO]));
      for (const other of ['fa', 'en']) {
        const there = await get(server.baseUrl, withLanguage(path, other));
        expect(there.status, `${path} in ${other}`).toBe(200);
        expect(there.body, `${path} in ${other}`).toContain('Ƥşéűđő');
        expect(alternates(there.body), `${path} in ${other}`).toContain(PSEUDO);
      }
    }
  });

  it('gives its page shell its own manifest, and lists its pages in the sitemap', async () => {
    const shell = await get(server.baseUrl, `/index.html?lang=${PSEUDO}`);
    expect(shell.body).toMatch(/<html lang="xx" dir="ltr"/);
    expect(shell.body).toContain('<link rel="manifest" href="/manifest-xx.webmanifest">');
    const index = await get(server.baseUrl, '/sitemap.xml');
    const first = /<loc>[^<]*(\/sitemap-v[0-9]+-[0-9]+\.xml)<\/loc>/.exec(index.body)![1]!;
    expect((await get(server.baseUrl, first)).body).toContain(`lang=${PSEUDO}`);
  });

  it("is in the build's manifests and offline script, and in the app's language menu", () => {
    const manifest = appManifest(PSEUDO as 'en');
    expect(manifest).toMatchObject({ lang: PSEUDO, dir: 'ltr', start_url: `/?lang=${PSEUDO}`, short_name: '⟦Makan⟧' });
    expect(manifest.name).toMatch(/^⟦.*⟧$/);
    expect(languageScript()).toContain('"xx":"ltr"');
    expect(languageScript()).toContain('/manifest-xx.webmanifest');
    // The menu (src/shell/LanguageSwitch.tsx) offers the languages other than the page's, by their own names.
    expect(OTHER_LANGUAGES).toEqual(['en', PSEUDO]);
  });
});

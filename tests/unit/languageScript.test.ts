/** The offline shell's first script (written by the build from the language table) chooses as the shared rule does. */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, DIRECTION, LANGUAGE_MEMORY, MANIFEST_FILE } from '../../domain/language';
import { languageScript } from '../../src/shell/languageScript';

const SCRIPT = languageScript();

/**
 * Runs the script in a page at `search` with `cookie`, whose shell is the Persian one; returns <html>'s lang
 * and dir and the manifest the page links to.
 */
function run(search: string, cookie: string) {
  const html = { lang: 'fa', dir: 'rtl' };
  let manifest = `/${MANIFEST_FILE.fa}`;
  const link = { setAttribute: (name: string, value: string) => name === 'href' && (manifest = value) };
  runInNewContext(SCRIPT, {
    window: { location: { search } },
    document: {
      cookie,
      documentElement: html,
      querySelector: (selector: string) => (selector === 'link[rel="manifest"]' ? link : null),
    },
    URLSearchParams,
  });
  return { ...html, manifest };
}

describe('the page shell script', () => {
  it.each([
    ['', ''],
    ['?lang=en', ''],
    ['?lang=fa', `${LANGUAGE_MEMORY}=en`],
    ['?lang=de', `${LANGUAGE_MEMORY}=en`],
    ['', `other=1; ${LANGUAGE_MEMORY}=en`],
    ['', `${LANGUAGE_MEMORY}=xx`],
    ['?x=1&lang=en', `${LANGUAGE_MEMORY}=fa`],
  ])('at %j with cookie %j chooses as the shared rule does', (search, cookie) => {
    const asked = new URLSearchParams(search).get('lang');
    const kept = /(?:^|;\s*)makan-lang=([^;]*)/.exec(cookie)?.[1] ?? null;
    const expected = chooseLanguage(asked, kept);
    expect(run(search, cookie)).toEqual({
      lang: expected,
      dir: DIRECTION[expected],
      manifest: `/${MANIFEST_FILE[expected]}`,
    });
  });
});

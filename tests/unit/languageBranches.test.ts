/**
 * A language is one entry in the table (domain/languageTable.ts) and its words: no code outside the table chooses by a
 * language's code, so a new language needs nothing else. The data's names come in Persian and English only, and
 * which a page shows is the table's `dataNames`, read by the data-name rule in the files listed here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/sourceFiles';

/** The data-name rule: which of the data's two name sets a language shows. */
const DATA_NAME_RULE = new Set(
  ['domain/language.ts', 'domain/valueNames.ts', 'src/i18n/names.ts', 'src/map/townLabels.ts'].map((f) => join(f)),
);

describe('a language is one entry', () => {
  it('no code compares a language with a code, outside the table and the data-name rule', () => {
    const found = ['domain', 'machines', 'server', 'src', 'sw'].flatMap(sourceFiles).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => /[!=]==\s*'(fa|en)'|'(fa|en)'\s*[!=]==/.test(line))
        .filter(({ line, at }) => !(DATA_NAME_RULE.has(at.split(':')[0]!) && /dataNames/.test(line)))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});

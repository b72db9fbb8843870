/** The README stays a newcomer's page, and no link in it or in docs/ points at nothing. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const pages = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

describe('the README and docs/', () => {
  it('the README is at most 150 lines', () => {
    expect(readFileSync('README.md', 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  it('every relative link and image names a file that exists', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const [, target] of readFileSync(page, 'utf8').matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        if (!existsSync(join(dirname(page), target!))) broken.push(`${page}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the README links every page of docs/', () => {
    const readme = readFileSync('README.md', 'utf8');
    const unlinked = pages.filter((page) => page !== 'README.md' && !readme.includes(`](${page})`));
    expect(unlinked).toEqual([]);
  });
});

/**
 * The docs point at files that exist: every path in backticks in the README and docs/ that starts at one of the
 * repository's folders is there (the files a command writes are named with the command), and what the docs quote
 * from the code is what the code says.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WARMED_MESSAGE } from '../../server/points/warmUp';

const ROOTS = [
  'server/',
  'src/',
  'domain/',
  'machines/',
  'tests/',
  'tools/',
  'deploy/',
  'bench/',
  'docs/',
  'sw/',
  'public/',
  '.ci/',
];
/** Written by a command, not kept in the repository: the path, and what writes it. */
const WRITTEN = new Map([
  // The benchmarks' own folder (databases, exports, screenshots), made by the first benchmark run.
  ['bench/.data/', 'npm run bench'],
  ['bench/.data/lighthouse.json', 'npm run bench:first-load'],
  ['bench/.data/visitor-trace.json', 'npm run bench:cache'],
]);

const docs = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

/** Each backticked path in a text, without a line number or anchor after it. */
const pathsIn = (text: string) =>
  [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!.replace(/[.,;]+$/, '').replace(/[#:].*$/, ''))
    .filter((p) => ROOTS.some((root) => p.startsWith(root)) && !/[*{}<>$]/.test(p));

describe('the docs', () => {
  it.each(docs)('%s: every path it names exists', (doc) => {
    const missing = pathsIn(readFileSync(doc, 'utf8')).filter((p) => !existsSync(p) && !WRITTEN.has(p));
    expect(missing).toEqual([]);
  });

  it('a file a command writes is named in the docs with that command', () => {
    const all = docs.map((d) => readFileSync(d, 'utf8')).join('\n');
    for (const [path, command] of WRITTEN) if (all.includes(path)) expect(all).toContain(command);
  });

  it('cite the bundled data, not the shared folder it was made from', () => {
    for (const doc of docs) expect(readFileSync(doc, 'utf8'), doc).not.toMatch(/shared\/data\/provinces\.json/);
  });

  it('quote the warm-up line as the server logs it', () => {
    expect(readFileSync('docs/operations.md', 'utf8')).toContain(`\`${WARMED_MESSAGE}\``);
  });
});

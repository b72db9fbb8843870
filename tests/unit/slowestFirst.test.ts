/** The order the suites' files start in (tools/test/slowestFirst.ts): the slowest first, even on a fresh clone. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ViteUserConfig } from 'vitest/config';
import { slowestFirst, type OrderedFile } from '../../tools/test/slowestFirst';
import { SLOWEST_FILES } from '../../tools/test/testBudget';
import config from '../../vitest.config';

const file = (name: string, project: string, timed = false): OrderedFile => ({ file: name, project, timed });

describe('the files start slowest first', () => {
  it('puts the listed files first within their project, in the list order, and keeps the projects in order', () => {
    const vitestOrder = [
      file('tests/api/big.test.ts', 'api'),
      file('tests/api/slow.test.ts', 'api'),
      file('tests/e2e/large.test.ts', 'e2e'),
      file('tests/e2e/small.test.ts', 'e2e'),
      file('tests/e2e/loops.test.ts', 'e2e'),
    ];
    const slowest = ['tests/e2e/loops.test.ts', 'tests/api/slow.test.ts', 'tests/e2e/small.test.ts'];
    expect(slowestFirst(vitestOrder, slowest).map((f) => f.file)).toEqual([
      'tests/api/slow.test.ts',
      'tests/api/big.test.ts',
      'tests/e2e/loops.test.ts',
      'tests/e2e/small.test.ts',
      'tests/e2e/large.test.ts',
    ]);
  });

  it("leaves Vitest's order where it timed the files itself (a second run on the same machine)", () => {
    const timed = [file('tests/e2e/a.test.ts', 'e2e', true), file('tests/e2e/b.test.ts', 'e2e', true)];
    expect(slowestFirst(timed, ['tests/e2e/b.test.ts']).map((f) => f.file)).toEqual([
      'tests/e2e/a.test.ts',
      'tests/e2e/b.test.ts',
    ]);
  });

  it('lists files that exist, each once, and is the sequencer of the run', () => {
    expect(SLOWEST_FILES.filter((name) => !existsSync(name))).toEqual([]);
    expect(new Set(SLOWEST_FILES).size).toBe(SLOWEST_FILES.length);
    expect((config as ViteUserConfig).test?.sequence?.sequencer?.name).toBe('SlowestFirstSequencer');
  });
});

/**
 * The order the suites' files start in. Vitest starts the files that took longest last time first, so that no
 * long file starts last and runs alone while the other worker idles. On a fresh clone it has no last time and
 * starts larger files first, which put `tests/e2e/accessibility.test.ts` (a small file that loops over the pages,
 * 111 s) last: it ran alone at the end of the browser files (issue 56). So, where Vitest knows no duration, the
 * files of `SLOWEST_FILES` (tools/test/testBudget.ts) start first, in that order, then the rest in Vitest's order.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { SLOWEST_FILES } from './testBudget';

export interface OrderedFile {
  /** Relative to the repository. */
  file: string;
  project: string;
  /** Vitest has a duration of this file from an earlier run. */
  timed: boolean;
}

/**
 * `files` in Vitest's order (each project's files together); within each project, the untimed files of `slowest`
 * first, in its order, then the others as they were.
 */
export function slowestFirst<T extends OrderedFile>(
  files: readonly T[],
  slowest: readonly string[] = SLOWEST_FILES,
): T[] {
  const rank = (f: T) => (f.timed ? -1 : slowest.indexOf(f.file));
  const ordered: T[] = [];
  for (let start = 0; start < files.length;) {
    let end = start;
    while (end < files.length && files[end]!.project === files[start]!.project) end++;
    const project = files.slice(start, end);
    const known = project.filter((f) => rank(f) >= 0).sort((a, b) => rank(a) - rank(b));
    ordered.push(...known, ...project.filter((f) => rank(f) < 0));
    start = end;
  }
  return ordered;
}

/** Vitest's own order, then `slowestFirst` (vitest.config.ts, `sequence.sequencer`). */
export default class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const described = (await super.sort(files)).map((spec) => {
      const file = relative(root, spec.moduleId);
      const timed = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`) !== undefined;
      return { spec, file, project: spec.project.name, timed };
    });
    return slowestFirst(described).map((f) => f.spec);
  }
}

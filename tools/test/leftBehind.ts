/**
 * What a test run left in the system's temporary folder: the tests make their files and databases under `makan-*`
 * folders there and are to remove them (tests/support/testDir.ts), or every run leaves a machine fuller. Printed
 * after a whole run (tools/test/budgetReporter.ts), not failed on: another run beside this one may own what it finds.
 */
import { readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The `makan-*` entries of `dir` made or changed since `sinceMs` (epoch milliseconds), by name. */
export function leftBehind(sinceMs: number, dir: string = tmpdir()): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.startsWith('makan-')) continue;
    try {
      if (statSync(join(dir, name)).mtimeMs >= sinceMs) found.push(name);
    } catch {
      // Removed while we looked: not left behind.
    }
  }
  return found.sort();
}

/** The line that says so, or none when nothing was left. */
export function leftBehindLines(names: readonly string[], dir: string = tmpdir()): string[] {
  if (names.length === 0) return [];
  const kinds = new Map<string, number>();
  for (const name of names) {
    const kind = name.replace(/-[A-Za-z0-9]{6}$/, '-*');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const listed = [...kinds].map(([kind, n]) => `${kind} (${n})`).join(', ');
  return [`Left in ${dir} by the run (a test that does not remove its files?): ${listed}`, ''];
}

/** Folders for a test's own files, under the system's temporary folder, removed when the test ends. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A new folder, removed when the test that asked for it ends, passed or failed (call it inside a test). */
export function testDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `makan-${prefix}-`));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A new folder that outlives one test (made in a beforeAll); `remove` goes in the matching afterAll. */
export function suiteDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `makan-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Global set-up: a folder for the run's seeded SQLite originals (tests/support/seededDatabases.ts), removed after. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder of seeded SQLite databases to copy. */
    seedDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'makan-seeds-'));
  project.provide('seedDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

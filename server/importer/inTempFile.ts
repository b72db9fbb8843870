/** A file's own temporary folder for the time its import reads it, removed whatever happens. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs `work` with the path of a file named `name` (not yet made) in a new temporary folder, then removes the folder:
 * a staff upload on its way to a preview, or what `npm run import` is piped, both read more than once.
 */
export async function inTempFile<T>(name: string, work: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'makan-import-'));
  try {
    return await work(join(dir, name));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The client is rebuilt exactly when what it is built from changed (tools/build/clientBuild.ts). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_STAMP } from '../../tools/build/buildStamp';
import { ensureClientBuild } from '../../tools/build/clientBuild';

let root: string;
let builds: number;
const outDir = () => join(root, 'dist');
/** Stands in for Vite: what matters here is whether a build is asked for, and what it leaves behind. */
const build = async (dir: string) => {
  builds += 1;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<div id="root"></div>');
};
const ensure = (env: NodeJS.ProcessEnv = {}, always = false) =>
  ensureClientBuild({ root, outDir: outDir(), env, build, always });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'makan-build-'));
  builds = 0;
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'server'));
  writeFileSync(join(root, 'src/main.tsx'), 'export {};');
  writeFileSync(join(root, 'index.html'), '<html></html>');
  writeFileSync(join(root, 'server/main.ts'), 'export {};');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the client build', () => {
  it('is made once, then found up to date', async () => {
    expect(await ensure()).toBe('built');
    expect(await ensure()).toBe('up to date');
    expect(builds).toBe(1);
  });

  it('is made again when a client source, a build file or a VITE_ setting changed', async () => {
    await ensure();
    writeFileSync(join(root, 'src/main.tsx'), 'export const changed = 1;');
    expect(await ensure()).toBe('built');
    writeFileSync(join(root, 'src/new.ts'), 'export {};');
    expect(await ensure()).toBe('built');
    writeFileSync(join(root, 'index.html'), '<html lang="fa"></html>');
    expect(await ensure()).toBe('built');
    expect(await ensure({ VITE_TILE_URL: '' })).toBe('built');
    expect(await ensure({ VITE_TILE_URL: '' })).toBe('up to date');
    expect(builds).toBe(5);
  });

  it('is not made again for a change the client is not built from', async () => {
    await ensure();
    writeFileSync(join(root, 'server/main.ts'), 'export const changed = 1;');
    writeFileSync(join(root, 'README.md'), '# notes');
    expect(await ensure({ MAKAN_DB: 'other.db' })).toBe('up to date');
  });

  it('is made when asked always, when the folder lost its page, or when the last build failed', async () => {
    await ensure();
    expect(await ensure({}, true)).toBe('built');
    rmSync(join(outDir(), 'index.html'));
    expect(await ensure()).toBe('built');
    const failing = async (dir: string) => {
      await build(dir);
      throw new Error('vite failed');
    };
    await expect(ensureClientBuild({ root, outDir: outDir(), env: {}, build: failing, always: true })).rejects.toThrow(
      'vite failed',
    );
    // The failed build emptied the folder and left no stamp: the next start builds.
    expect(await ensure()).toBe('built');
    expect(builds).toBe(5);
    expect(BUILD_STAMP.startsWith('.')).toBe(true);
  });
});

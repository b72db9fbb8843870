/**
 * What a build is made from, as one digest, and the stamp that says a folder holds the build of exactly those
 * inputs. The stamp is a dotfile in the output folder, written last: a build that failed half-way leaves none, so it
 * is never taken as up to date.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

export interface BuildInputs {
  /** Folders whose every file the build may read. */
  dirs: readonly string[];
  /** Single files it reads (configuration, the locked dependency versions, the build's own code). */
  files: readonly string[];
  /** The settings the build reads from the environment: every variable whose name starts with `envPrefix`. */
  env?: NodeJS.ProcessEnv;
  envPrefix?: string;
}

/** The digest of the names and contents of every input under `root`, and of the settings the build reads. */
export function inputsDigest(root: string, { dirs, files, env = {}, envPrefix }: BuildInputs): string {
  const hash = createHash('sha256');
  const all = [
    ...dirs.flatMap((dir) => filesUnder(join(root, dir))),
    ...files.map((file) => join(root, file)).filter((file) => existsSync(file)),
  ].sort();
  for (const file of all) {
    hash.update(relative(root, file)).update('\0');
    hash.update(readFileSync(file)).update('\0');
  }
  if (envPrefix !== undefined)
    for (const key of Object.keys(env).sort()) if (key.startsWith(envPrefix)) hash.update(`${key}=${env[key] ?? ''}\0`);
  return hash.digest('hex');
}

export const BUILD_STAMP = '.build-inputs';

/** Whether `outDir` holds a complete build of exactly these inputs (`entry`: a file every such build has). */
export function isBuildUpToDate(outDir: string, digest: string, entry: string): boolean {
  const stamp = join(outDir, BUILD_STAMP);
  return (
    existsSync(join(outDir, entry)) &&
    existsSync(stamp) &&
    statSync(stamp).isFile() &&
    readFileSync(stamp, 'utf8').trim() === digest
  );
}

/** Marks `outDir` as the build of `digest` (once the build is whole). */
export function writeBuildStamp(outDir: string, digest: string): void {
  writeFileSync(join(outDir, BUILD_STAMP), `${digest}\n`);
}

/**
 * The client's production build, made only when what it is built from changed since the build already in the
 * folder. `npm start` and the tests' set-up both come through here, so a run builds the client once and every
 * later start reuses it.
 *
 * "What it is built from" is the content of the client's source folders and top-level build files, and the
 * VITE_ settings the build reads from the environment: a build with another tile address is another build.
 * The stamp is a dotfile in the output folder, which the server never sends (dotfiles are not served) and the
 * build's own emptying of the folder removes, so a build that failed half-way is never taken as up to date.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Folders whose every file the client build may read. */
export const CLIENT_SOURCE_DIRS = ['src', 'domain', 'machines', 'sw', 'public'] as const;
/** Single files the client build reads (configuration and the locked dependency versions). */
export const CLIENT_BUILD_FILES = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
  'tools/build/maplibreCss.ts',
  'tools/build/maplibreFromSource.ts',
  'tools/build/pageFonts.ts',
] as const;

export const BUILD_STAMP = '.build-inputs';

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A digest of everything the client build reads under `root`, and of the VITE_ settings in `env`. */
export function clientInputsDigest(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  const files = [
    ...CLIENT_SOURCE_DIRS.flatMap((dir) => filesUnder(join(root, dir))),
    ...CLIENT_BUILD_FILES.map((file) => join(root, file)).filter((file) => existsSync(file)),
  ].sort();
  for (const file of files) {
    hash.update(relative(root, file)).update('\0');
    hash.update(readFileSync(file)).update('\0');
  }
  for (const key of Object.keys(env).sort()) if (key.startsWith('VITE_')) hash.update(`${key}=${env[key] ?? ''}\0`);
  return hash.digest('hex');
}

/** Whether `outDir` holds a complete build of exactly these inputs. */
export function isBuildUpToDate(outDir: string, digest: string): boolean {
  const stamp = join(outDir, BUILD_STAMP);
  return (
    existsSync(join(outDir, 'index.html')) &&
    existsSync(stamp) &&
    statSync(stamp).isFile() &&
    readFileSync(stamp, 'utf8').trim() === digest
  );
}

export interface ClientBuildOptions {
  root: string;
  outDir: string;
  /** Build even when the folder's build is up to date (`npm run build`). */
  always?: boolean;
  /** Where the VITE_ settings are read (the process's environment by default). */
  env?: NodeJS.ProcessEnv;
  /** The build itself; Vite's by default. */
  build?: (outDir: string) => Promise<void>;
}

/** Builds the client into `outDir` unless it already holds this build; says which it did. */
export async function ensureClientBuild(options: ClientBuildOptions): Promise<'built' | 'up to date'> {
  const digest = clientInputsDigest(options.root, options.env);
  if (!options.always && isBuildUpToDate(options.outDir, digest)) return 'up to date';
  await (options.build ?? ((outDir) => viteBuild(options.root, outDir)))(options.outDir);
  writeFileSync(join(options.outDir, BUILD_STAMP), `${digest}\n`);
  return 'built';
}

/** Vite's production build into `outDir`, whatever NODE_ENV the caller runs under (a test runner sets "test"). */
async function viteBuild(root: string, outDir: string): Promise<void> {
  const { build } = await import('vite');
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
}

/**
 * The client's production build, made only when what it is built from changed since the build already in the
 * folder. `npm start` and the tests' set-up both come through here, so a run builds the client once and every
 * later start reuses it.
 *
 * "What it is built from" is the content of the client's source folders and top-level build files, and the
 * VITE_ settings the build reads from the environment: a build with another tile address is another build.
 * The stamp (buildStamp.ts) is a dotfile in the output folder, which the server never sends (dotfiles are not
 * served) and the build's own emptying of the folder removes.
 */
import { join } from 'node:path';
import { inputsDigest, isBuildUpToDate, writeBuildStamp } from './buildStamp';

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

/** A digest of everything the client build reads under `root`, and of the VITE_ settings in `env`. */
export function clientInputsDigest(root: string, env: NodeJS.ProcessEnv = process.env): string {
  return inputsDigest(root, { dirs: CLIENT_SOURCE_DIRS, files: CLIENT_BUILD_FILES, env, envPrefix: 'VITE_' });
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
  if (!options.always && isBuildUpToDate(options.outDir, digest, 'index.html')) return 'up to date';
  await (options.build ?? ((outDir) => viteBuild(options.root, outDir)))(options.outDir);
  writeBuildStamp(options.outDir, digest);
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

/**
 * The server's build: `server/main.ts` and its worker threads' modules bundled by esbuild into one folder of plain
 * JavaScript, which `npm start` runs with Node alone. Run from source, every process and every worker thread paid
 * tsx's loader again: a start took 4 CPU-seconds, against 1.8 built (issue 56), which is also what a respawned
 * process costs a busy server. Made only when what it is built from changed, as the client's build is (buildStamp.ts).
 *
 * The packages stay in node_modules (the native SQLite binding cannot be bundled); only the project's own code,
 * its domain data included, is in the bundle. The files the server sends as they are (server/files) are copied
 * beside it, where the built code looks for them.
 */
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { inputsDigest, isBuildUpToDate, writeBuildStamp } from './buildStamp';

/** Everything the server is built from: its code, the domain rules and data it shares with the client, and this. */
export const SERVER_SOURCE_DIRS = ['server', 'domain'] as const;
export const SERVER_BUILD_FILES = ['package-lock.json', 'tsconfig.base.json', 'tools/build/serverBuild.ts'] as const;
/** The built server's entry: `node dist-server/main.js`. */
export const SERVER_ENTRY = 'main.js';

/**
 * The command-line scripts bundled beside the server, each as its own entry (`node dist-server/import.js` runs what
 * `npm run import` runs). The test suites run them so, as they run the server: from source an import took 1.8 to 2.0
 * CPU-seconds here against 0.7 to 0.8 built, and `npm run staff` 1.2 to 1.7 against 0.3. The five files that import
 * most (data path, search, warm-up, caching, replica) took 163 and 149 CPU-seconds against 88 and 95, and the three
 * that add staff most (the desk, its attacks, the security headers) 224 and 249 against 196 and 177, alternated
 * (issue 56).
 */
export const SCRIPT_ENTRIES = ['import', 'export', 'staff'] as const;
export type ScriptEntry = (typeof SCRIPT_ENTRIES)[number];

/** The worker threads' modules: server/workers/*Worker.ts, each its own entry (server/workers/workerEntries.ts). */
export const workerModules = (root: string): string[] =>
  readdirSync(join(root, 'server/workers'))
    .filter((name) => name.endsWith('Worker.ts'))
    .map((name) => name.slice(0, -'.ts'.length))
    .sort();

export const serverInputsDigest = (root: string, extra?: ExtraEntries): string =>
  inputsDigest(root, { dirs: SERVER_SOURCE_DIRS, files: [...SERVER_BUILD_FILES, ...(extra?.files ?? [])] });

/**
 * More programs bundled beside the server, with the server's own code and worker threads (the benchmarks' servers,
 * bench/benchBuild.ts), and the files of their own they are built from, which the build's stamp then covers too.
 */
export interface ExtraEntries {
  entries: ReadonlyArray<{ in: string; out: string }>;
  files: readonly string[];
}

export interface ServerBuildOptions {
  root: string;
  outDir: string;
  /** Build even when the folder's build is up to date (`npm run build`). */
  always?: boolean;
  extra?: ExtraEntries;
}

/** What esbuild is asked: the entries, bundled for Node, the packages left to node_modules. */
export function serverBuildOptions(root: string, outDir: string, extra?: ExtraEntries): BuildOptions {
  return {
    absWorkingDir: resolve(root),
    entryPoints: [
      { in: 'server/main.ts', out: 'main' },
      // Beside main.js, so that their worker threads are found where the server's are (workerEntries.ts).
      ...SCRIPT_ENTRIES.map((name) => ({ in: `server/scripts/${name}.ts`, out: name })),
      ...workerModules(root).map((name) => ({ in: `server/workers/${name}.ts`, out: name })),
      ...(extra?.entries ?? []),
    ],
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Stack traces in the logs name the source's lines for whoever runs Node with --enable-source-maps.
    sourcemap: 'linked',
    logLevel: 'warning',
  };
}

/** Builds the server into `outDir` unless it already holds this build; says which it did. */
export async function ensureServerBuild({
  root,
  outDir,
  always,
  extra,
}: ServerBuildOptions): Promise<'built' | 'up to date'> {
  const digest = serverInputsDigest(root, extra);
  if (!always && isBuildUpToDate(outDir, digest, SERVER_ENTRY)) return 'up to date';
  rmSync(outDir, { recursive: true, force: true });
  const { build } = await import('esbuild');
  await build(serverBuildOptions(root, outDir, extra));
  cpSync(join(root, 'server/files'), join(outDir, 'files'), { recursive: true });
  writeBuildStamp(outDir, digest);
  return 'built';
}

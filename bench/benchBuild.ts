/**
 * The benchmarks' servers run as `npm start` runs the server: bundled by esbuild into plain JavaScript with the
 * server's own build settings (tools/build/serverBuild.ts), beside the server's worker threads, then run by Node
 * alone. Run from source through tsx they carried its loader and esbuild's keep-names wrappers on every request
 * (a tile cost the server about 4 % more CPU, alternated), which no visitor's server does. Built once and again only
 * when the server, the domain or the benchmarks change.
 */
import { readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { ensureServerBuild } from '../tools/build/serverBuild';

/** The programs the benchmarks start as servers. */
export const BENCH_SERVERS = ['bench/serve.ts', 'bench/plainServer.ts', 'bench/clusterServe.ts'] as const;
export type BenchServer = (typeof BENCH_SERVERS)[number];

const BENCH_BUILD_DIR = resolve('.bench-build');

const outName = (script: string) => basename(script, '.ts');

/**
 * The benchmarks' own files beside those servers (what they import of the benchmarks: the naive store, the
 * requests), for the build's stamp; not bench/.data, which holds the benchmarks' databases.
 */
export const benchSourceFiles = (): string[] =>
  readdirSync('bench')
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `bench/${name}`);

/** What the benchmarks' build is asked beyond the server's own: their servers, and the files they are made from. */
export const benchExtra = () => ({
  entries: BENCH_SERVERS.map((entry) => ({ in: entry, out: outName(entry) })),
  files: benchSourceFiles(),
});

let built: Promise<unknown> | null = null;

/** The built file for one of the benchmark servers, built (once per process) if it is not up to date. */
export async function benchServerFile(script: BenchServer): Promise<string> {
  built ??= ensureServerBuild({
    root: resolve('.'),
    outDir: BENCH_BUILD_DIR,
    extra: benchExtra(),
  });
  await built;
  return join(BENCH_BUILD_DIR, `${outName(script)}.js`);
}

/** What the browser benchmarks share: a client build, and a server (bench/serve.ts) serving it over a database. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { openDatabase } from '../server/store/sqlite/openDatabase';

/** Builds the client of the sources in `sourceDir` (this checkout by default) into `outDir`. */
export function buildClient(outDir: string, sourceDir = process.cwd()): void {
  const build = spawnSync(
    process.execPath,
    [resolve('node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      stdio: 'inherit',
      cwd: sourceDir,
    },
  );
  if (build.status !== 0) throw new Error(`client build of ${sourceDir} failed`);
}

/** Starts bench/serve.ts serving `clientDir` and the API over `db` on `port`; resolves once it listens. */
export function serveClient(db: string, port: number, clientDir: string): Promise<ChildProcess> {
  // A database made by an older Makan is brought to the current schema once (the server opens it read-only).
  if (!db.startsWith('postgres')) openDatabase(db).db.close();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve.ts', db, String(port), 'store', clientDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
}

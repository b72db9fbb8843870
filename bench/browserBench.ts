/** What the browser benchmarks share: a client build, and a server (bench/serve.ts) serving it over a database. */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { benchServer } from './harness';

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
export async function serveClient(db: string, port: number, clientDir: string): Promise<ChildProcess> {
  // A database made by an older Makan is brought to the current schema once (the server opens it read-only).
  if (!db.startsWith('postgres')) openDatabase(db).db.close();
  const child = await benchServer('bench/serve.ts', [db, String(port), 'store', clientDir], 'pipe');
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
}

/** The client build and the 20,000-location database the visitor benchmarks serve. */
export const VISITOR_CLIENT = resolve('bench/.data/client');
export const VISITOR_DB = 'bench/.data/makan-20000.db';

/** Builds the client and, once, the database: what a visitor benchmark serves. */
export function prepareVisitorBench(): void {
  buildClient(VISITOR_CLIENT);
  if (!existsSync(VISITOR_DB))
    spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/scripts/seed.ts', '--points', '20000', '--db', VISITOR_DB],
      {
        stdio: 'inherit',
      },
    );
}

/** A slow mobile link: 1.6 Mbps down, 750 kbps up, 150 ms. */
const SLOW_LINK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) | 0,
  uploadThroughput: (750e3 / 8) | 0,
};

/**
 * A first visit on a phone: a 375x740 page in a fresh context over the slow link, with an empty cache (cleared,
 * not disabled: a disabled cache would fetch the same font twice in one visit). Close its context when done.
 */
export async function phoneOnSlowLink(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'fa-IR' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
  return { context, page, cdp };
}

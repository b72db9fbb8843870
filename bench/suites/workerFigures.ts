/** `npm start`'s own server (its build in dist-server/, tools/build/serverBuild.ts) on the SQLite database with 1 and then 2 processes sharing the port. */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { ensureServerBuild, SERVER_ENTRY } from '../../tools/build/serverBuild';
import { ratio } from '../harness';
import { load } from '../requests';
import { ms } from '../stats';
import type { BenchContext } from './context';
import { WARMED_MESSAGE } from '../../server/points/warmUp';

const PORT = 18_185;

export async function workerFigures(context: BenchContext): Promise<void> {
  const rates: number[] = [];
  const firstAnswers: number[] = [];
  const warmedAfter: number[] = [];
  const built = resolve('dist-server');
  await ensureServerBuild({ root: resolve('.'), outDir: built });
  for (const workers of [1, 2]) {
    const base = `http://127.0.0.1:${PORT}`;
    const spawnedAt = performance.now();
    const child = spawn(process.execPath, [join(built, SERVER_ENTRY)], {
      env: {
        ...process.env,
        PORT: String(PORT),
        MAKAN_DB: context.dbFile,
        MAKAN_WORKERS: String(workers),
        MAKAN_RATE_LIMIT: '1000000000',
        MAKAN_LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    context.pool.adopt(child);
    // Each process logs once it has warmed every type's points and cluster index (server/points/warmUp.ts).
    let warmedProcesses = 0;
    const allWarm = new Promise<void>((resolve) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        warmedProcesses += chunk
          .toString()
          .split('\n')
          .filter((line) => line.includes(WARMED_MESSAGE)).length;
        if (warmedProcesses >= workers) resolve();
      });
    });
    for (let ready = false; !ready;) {
      ready = await fetch(`${base}/api/meta`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 50));
    }
    firstAnswers.push(performance.now() - spawnedAt);
    await allWarm;
    warmedAfter.push(performance.now() - spawnedAt);
    await load(base, 13);
    rates.push(await load(base, 13));
    await context.pool.stop(child);
  }
  console.log(
    `npm start's server over ${context.points.toLocaleString('en-US')} locations, from its start to its first answer (/api/meta): 1 process ${ms(firstAnswers[0]!)} | 2 processes ${ms(firstAnswers[1]!)}; to every type warmed in the background: 1 process ${ms(warmedAfter[0]!)} | 2 processes ${ms(warmedAfter[1]!)}`,
  );
  console.log(
    `npm start's server, LazyLoad zoom 13, 16 connections, 8 s after an 8-s warm-up: 1 process ${rates[0]!.toFixed(0)} req/s | 2 processes (MAKAN_WORKERS=2) ${rates[1]!.toFixed(0)} req/s | ${ratio(rates[1]!, rates[0]!)}`,
  );
}

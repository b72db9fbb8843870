/**
 * One rate limit for the whole service, with real processes: two servers (`npm start`, two processes each) on
 * one PostgreSQL, both counting in its shared table (MAKAN_RATE_DB). With the limit at 20 a minute, 60 requests
 * of one client spread over both servers and all their processes get exactly 20 answers; the rest are 429. Each
 * server alone would have let 20 through (40 in all): without MAKAN_RATE_DB that is what happens.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, type PgCluster } from '../../tools/postgres/cluster';
import { startPrimary } from '../support/replication';
import { makeCheckout, SERVER_READY, startCommand, type RunningCommand } from '../support/commands';

let checkout: { dir: string; remove(): void };
let primary: PgCluster;
const servers: RunningCommand[] = [];

/** One GET on a connection of its own, so successive ones land on each of a server's processes in turn. */
function statusOf(url: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end();
  });
}

beforeAll(async () => {
  checkout = makeCheckout();
  primary = await startPrimary(inject('pgBinDir'), 'rate-primary');
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  primary?.stop();
  checkout?.remove();
});

describe('one rate limit across machines', () => {
  it('60 requests of one client spread over two servers get exactly 20 answers', async () => {
    const db = primary.url('makan');
    const start = async () => {
      const server = await startCommand(
        `MAKAN_DB=${db} MAKAN_RATE_DB=${db} MAKAN_RATE_LIMIT=20 MAKAN_WORKERS=2 npm start`,
        { cwd: checkout.dir, env: { PORT: String(await freePort()) }, ready: SERVER_READY },
      );
      servers.push(server);
      return server;
    };
    // One after the other: the first creates and seeds the database.
    const [a, b] = [await start(), await start()];
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push(await statusOf(`${(i % 2 === 0 ? a : b).url}api/types`));
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    // The first twenty, whichever server they reached: the window is one for the whole service.
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
  }, 300_000);
});

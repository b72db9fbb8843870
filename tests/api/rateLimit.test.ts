/**
 * The rate limit is one limit per client for the whole server, however many processes share its port:
 * the primary keeps the counts, so a client cannot multiply its allowance by the number of processes
 * that its connections happen to land on (node:cluster hands connections to them in turn).
 */
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copySeededSqlite } from '../support/seededDatabases';
import { runServer, type ServerRun } from '../support/serverProcess';

const dir = mkdtempSync(join(tmpdir(), 'makan-rate-'));
const runs: ServerRun[] = [];
afterAll(async () => {
  await Promise.all(runs.map((run) => run.stop()));
  rmSync(dir, { recursive: true, force: true });
});

const LIMIT = 20;

/**
 * A database for one server: a copy of the run's seeded demo file. A fresh file would be seeded at the start,
 * about 5 CPU-seconds that have nothing to do with counting requests (a first run's seeding is walked by
 * health.test.ts and the README's commands).
 */
async function seededFile(name: string): Promise<string> {
  const file = join(dir, name);
  await copySeededSqlite(1000, file);
  return file;
}

/** One GET on a connection of its own (no keep-alive), as many separate clients' requests arrive. */
function getOnNewConnection(
  url: string,
  forwardedFor?: string,
): Promise<{ status: number; retryAfter: string | undefined }> {
  const headers = { connection: 'close', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) };
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode!, retryAfter: response.headers['retry-after'] as string | undefined }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** GETs `url` on `connections` keep-alive connections, one after another on each, until `until`; the statuses. */
async function hammer(url: string, connections: number, until: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const statuses: number[] = [];
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const req = request(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
      });
      req.on('error', reject);
      req.end();
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) statuses.push(await get());
    }),
  );
  agent.destroy();
  return statuses;
}

describe.each([
  { workers: '1', trustProxy: '' },
  { workers: '2', trustProxy: '127.0.0.1' },
])('MAKAN_RATE_LIMIT with MAKAN_WORKERS=$workers, MAKAN_TRUST_PROXY=$trustProxy', ({ workers, trustProxy }) => {
  it(`answers ${LIMIT} requests a minute per client, then 429 with when to retry`, async () => {
    const port = String(20_100 + Number(workers) * 100 + Math.floor(Math.random() * 90));
    const run = await runServer(
      {
        MAKAN_DB: await seededFile(`makan-${workers}.db`),
        PORT: port,
        MAKAN_WORKERS: workers,
        MAKAN_RATE_LIMIT: String(LIMIT),
        MAKAN_TRUST_PROXY: trustProxy,
      },
      { timeoutMs: 120_000 },
    );
    runs.push(run);
    expect(run.exitCode, run.stderr).toBeNull();
    const answers = [];
    for (let i = 0; i < LIMIT * 3; i++) answers.push(await getOnNewConnection(`${run.url}api/meta`));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    // Each process answers from its share of the client's limit: near the end one may refuse a request while
    // another still uses its last share, but once the limit is reached everything is refused.
    expect(statuses.slice(0, LIMIT - 2).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(LIMIT + 2).every((status) => status === 429)).toBe(true);
    expect(Number(answers.at(-1)!.retryAfter)).toBeGreaterThan(0);
    // Behind a trusted proxy each forwarded client has its own count; from anyone else the header changes nothing.
    expect((await getOnNewConnection(`${run.url}api/meta`, '203.0.113.9')).status).toBe(trustProxy ? 200 : 429);
    // Nothing fell back to counting per process.
    expect(run.stdout).not.toContain('counting requests in this process');
  }, 150_000);

  it('allows exactly the limit to 16 keep-alive connections in each window, across a window boundary', async () => {
    const limit = 300;
    const windowS = 2;
    const port = String(20_500 + Number(workers) * 100 + Math.floor(Math.random() * 90));
    const run = await runServer(
      {
        MAKAN_DB: await seededFile(`makan-window-${workers}.db`),
        PORT: port,
        MAKAN_WORKERS: workers,
        MAKAN_RATE_LIMIT: String(limit),
        MAKAN_RATE_WINDOW_S: String(windowS),
        MAKAN_TRUST_PROXY: trustProxy,
      },
      { timeoutMs: 120_000 },
    );
    runs.push(run);
    expect(run.exitCode, run.stderr).toBeNull();
    // The first window opens with the first request and is used up within it; the second opens with the
    // first request after it ends and is used up well before we stop, half-way through it.
    const statuses = await hammer(`${run.url}api/meta`, 16, Date.now() + windowS * 1_500);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(limit);
    // Neither more than the limit in any window, nor anyone refused before a window's limit was used.
    expect(statuses.filter((status) => status === 200)).toHaveLength(2 * limit);
    expect(run.stdout).not.toContain('counting requests in this process');
  }, 150_000);
});

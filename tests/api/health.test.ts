/**
 * A load balancer can tell a warming server from a ready one: GET /api/health answers 503 "warming" until
 * the in-memory points and cluster indexes are built, then 200 "ready"; a rebuild after a data change keeps
 * the server in rotation ("rewarming"), since every server of a fleet rebuilds at the same moment.
 */
import { request } from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';

import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { seedStore } from '../../server/seed/seedDatabase';
import type { LocationStore } from '../../server/store/LocationStore';
import { openStore } from '../../server/store/openStore';
import { runServer, type ServerRun } from '../support/serverProcess';
import { suiteDir } from '../support/testDir';
import { WARMED_MESSAGE } from '../../server/points/warmUp';

interface Health {
  status: 'warming' | 'ready';
  version: number;
  rewarming: boolean;
}

/** The store as it is, but the points of every type wait for `open()` before they are read (a slow disk). */
function slowStore(store: LocationStore): { store: LocationStore; open(): void } {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const slow = new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key !== 'pointPage' || typeof value !== 'function')
        return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: unknown[]) => {
        await gate;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: slow, open };
}

describe('GET /api/health in one process', () => {
  let dir: string;
  let app: FastifyInstance | null = null;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'makan-health-'));
  });
  afterEach(async () => {
    await app?.close();
    app = null;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function serve(file: string, warmUp: boolean) {
    const { store } = await openStore(join(dir, file));
    await seedStore(store, { totalPoints: 600 });
    const slow = slowStore(store);
    app = await buildApp({ store: slow.store, rateLimit: 5, clientDir: null, tileOrigin: null, warmUp });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const health = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      return {
        code: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.json()) as Health,
      };
    };
    return { ...slow, health, port };
  }

  it('is 503 "warming" (with Retry-After) until the warm-up has built every type, then 200 "ready"', async () => {
    const server = await serve('warming.db', true);
    const before = await server.health();
    expect(before.code).toBe(503);
    expect(before.retryAfter).toBe('5');
    expect(before.body).toMatchObject({ status: 'warming', version: 1 });
    server.open();
    await expect.poll(async () => (await server.health()).code, { timeout: 20_000 }).toBe(200);
    expect((await server.health()).body).toEqual({ status: 'ready', version: 1, rewarming: false, database: 'ok' });
  });

  it('is never rate-limited: a balancer may ask as often as it likes', async () => {
    const server = await serve('often.db', false);
    server.open();
    const codes = await Promise.all(Array.from({ length: 12 }, async () => (await server.health()).code));
    expect(codes).toEqual(Array(12).fill(200));
  });

  it('without a warm-up (tests, benchmarks) a server is ready at once', async () => {
    const server = await serve('cold.db', false);
    expect((await server.health()).body.status).toBe('ready');
  });

  it('a store opened read-only is said to take no write from the start; health writes nothing through it', async () => {
    const file = join(dir, 'read-only.db');
    const seeded = await openStore(file);
    await seedStore(seeded.store, { totalPoints: 300 });
    seeded.store.close();
    const { store } = await openStore(file, { readonly: true });
    const changed = statSync(file).mtimeMs;
    try {
      app = await buildApp({ store, rateLimit: 5, clientDir: null, tileOrigin: null });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as { port: number };
      // Before: "ok", health's write having gone through a connection of its own that could write the file.
      expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toMatchObject({
        status: 'ready',
        database: 'unwritable',
        problem: expect.stringMatching(/^every write since \S+ was refused \(SQLITE_READONLY\)/),
      });
      expect(statSync(file).mtimeMs).toBe(changed);
    } finally {
      await app?.close();
      app = null;
      store.close();
    }
  });
});

/** One request on a connection of its own, so successive ones are spread over the server's processes. */
function healthOnNewConnection(url: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(`${url}api/health`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('GET /api/health across the processes of npm start', () => {
  let run: ServerRun | null = null;
  const { dir, remove } = suiteDir('health-cluster');
  afterAll(async () => {
    await run?.stop();
    remove();
  });

  it('says "listening" first and "ready" once every process has warmed; then every process answers 200', async () => {
    const port = String(19_200 + Math.floor(Math.random() * 500));
    // A fresh file, as on a first run: the primary seeds it, then two processes open it and warm (the other
    // multi-process starts are given seeded copies, tests/api/rateLimit.test.ts and respawn.test.ts).
    run = await runServer({ MAKAN_DB: join(dir, 'makan.db'), PORT: port, MAKAN_WORKERS: '2' }, { timeoutMs: 120_000 });
    expect(run.exitCode, run.stderr).toBeNull();
    const listening = run.stdout.indexOf('listening at');
    const ready = run.stdout.indexOf('Makan is ready at');
    expect(listening).toBeGreaterThanOrEqual(0);
    expect(ready).toBeGreaterThan(listening);
    const warmedLines = () => run!.stdout.split('\n').filter((line) => line.includes(WARMED_MESSAGE)).length;
    await expect.poll(warmedLines).toBe(2);
    const codes = [];
    for (let i = 0; i < 8; i++) codes.push(await healthOnNewConnection(run.url!));
    expect(codes).toEqual(Array(8).fill(200));
  }, 150_000);
});

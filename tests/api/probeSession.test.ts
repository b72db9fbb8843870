/**
 * Health's write probe runs on a PostgreSQL session of its own (server/store/postgres/PostgresStore.ts). A session
 * ended under it (a failover, an operator's pg_terminate_backend) fails the probe, which is then no verdict: the
 * server goes on. Before, pg also raised the end as an 'error' event nobody heard, which ended the process (seen
 * as an unhandled error when a test server's database was dropped under the probe its start had begun).
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ store: 'postgres', points: 200 });
});
afterAll(() => server?.stop());

/** Ends every session of the server's database running the probe's write; how many it ended. */
const PROBES_ENDED = `SELECT count(*)::int AS ended FROM (
  SELECT pg_terminate_backend(pid) FROM pg_stat_activity
  WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%makan_room_probe%'
) AS terminated`;

it('a probe whose session is ended under it is no verdict, and the server goes on answering', async () => {
  const admin = new pg.Client({ connectionString: server.dbFile });
  await admin.connect();
  try {
    let ended = 0;
    // The probe writes 4 MB: asked again until one is caught while it writes.
    for (let round = 0; round < 50 && ended === 0; round++) {
      let settled = false;
      const check = server.store.desk.checkRoom().finally(() => (settled = true));
      while (!settled && ended === 0) ended += (await admin.query<{ ended: number }>(PROBES_ENDED)).rows[0]!.ended;
      await check;
    }
    expect(ended).toBeGreaterThan(0);
  } finally {
    await admin.end();
  }
  // An ended session is not a database that refuses writes.
  const health = await fetch(new URL('/api/health', server.baseUrl));
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ready', database: 'ok' });
});

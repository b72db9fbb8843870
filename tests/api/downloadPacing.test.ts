/**
 * Downloads are paced against the visitors' requests on their process (server/exporter/exportPacer.ts): with
 * thirty whole-dataset downloads starting at once, a small request is answered while nearly all of them are
 * still streaming, not after them. (Before, an export never gave the event loop back while its client kept
 * up: the request waited for every download to end. `npm run bench:downloads` measures the waits.) So is the
 * trade index's read of every record (server/trades/TradeIndex.ts), which held every request for its length.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const DOWNLOADS = 30;

/** A GET whose body is read and thrown away; resolves when it has ended. */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(STORE_KINDS)('downloads under load (%s store)', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ store, points: 1500 });
  });
  afterAll(() => server.stop());

  it(`answers another request while ${DOWNLOADS} downloads are starting and streaming`, async () => {
    const { version } = (await (await fetch(`${server.baseUrl}/api/meta`)).json()) as { version: number };
    let ended = 0;
    const downloads = Array.from({ length: DOWNLOADS }, () =>
      get(`${server.baseUrl}/api/downloads/${version}/locations.csv`).then((status) => {
        ended++;
        return status;
      }),
    );
    // Asked once every download has been sent its answer's first bytes would be too late to tell; asked now,
    // it reaches the server right behind them.
    const probe = await get(`${server.baseUrl}/api/types`);
    const endedAtProbe = ended;
    expect(probe).toBe(200);
    expect(await Promise.all(downloads)).toEqual(Array.from({ length: DOWNLOADS }, () => 200));
    // Before: half of them or more had ended.
    expect(endedAtProbe).toBeLessThan(DOWNLOADS / 10);
  });

  it('answers another request while the first trade question reads every record to index what each teaches', async () => {
    // Every type's trades, read for the first time (the ask's and the trade search's first question).
    let built = false;
    const trades = get(`${server.baseUrl}/api/trades?q=${encodeURIComponent('خیاطی')}`).then((status) => {
      built = true;
      return status;
    });
    const probe = await get(`${server.baseUrl}/api/types`);
    const builtAtProbe = built;
    expect([probe, await trades]).toEqual([200, 200]);
    // Before: the build held the loop from its first record to its last, and the probe waited for all of it. (On
    // PostgreSQL the page's read is a wait of its own that lets the probe in either way: SQLite's run tells.)
    expect(builtAtProbe).toBe(false);
  });
});

/**
 * npm start's server builds every type's in-memory points, cluster index and name order once it listens,
 * and again after a data change, so no visitor waits for a build (at 5M a build outlasts a client's patience);
 * then, ready, each teaching type's trade index.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCATION_TYPES, TEACHING_TYPES } from '../../domain/locationTypes';
import { startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';
import { testDir } from '../support/testDir';
import { TRADES_WARMED_MESSAGE, WARMED_MESSAGE } from '../../server/points/warmUp';
import { runScript } from '../support/serverProcess';

const DISTINCT_TYPES = new Set(LOCATION_TYPES.map((t) => t.typeId)).size;
const WARMED = WARMED_MESSAGE;

function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const said = (message: string) => lines.filter((line) => line['msg'] === message);
  const waitFor = async (message: string, count: number) => {
    const started = Date.now();
    while (said(message).length < count) {
      if (Date.now() - started > 60_000)
        throw new Error(`"${message}" ${count} never logged; log: ${JSON.stringify(lines.slice(-5))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return said(message)[count - 1]!;
  };
  const waitForWarmed = (count: number) => waitFor(WARMED, count);
  return { stream, waitForWarmed, waitFor, lines };
}

describe.each(STORE_KINDS)('warm-up (%s)', (store) => {
  let server: TestServer;
  afterEach(() => server.stop());

  it('builds every type once listening, and again after a data change', async () => {
    const log = logCapture();
    server = await startTestServer({
      store,
      points: 2000,
      warmUp: true,
      logger: { level: 'info', stream: log.stream },
    });
    const first = await log.waitForWarmed(1);
    expect(first['types']).toBe(DISTINCT_TYPES);
    // Warmed (and so "ready") only once every type's names are in order too: ordering them afterwards took
    // a core from the answers of a server already in rotation.
    expect(first['nameOrders']).toBe(DISTINCT_TYPES);
    expect(first['bytes']).toBeGreaterThan(0);
    // Then, the server ready, every teaching type's trade index: a first trade question waited for its read.
    const trades = await log.waitFor(TRADES_WARMED_MESSAGE, 1);
    expect([trades['types'], trades['trades']]).toEqual([TEACHING_TYPES.length, expect.any(Number)]);
    expect(trades['trades']).toBeGreaterThan(5);

    const file = join(testDir('warm'), 'one.csv');
    writeFileSync(
      file,
      'Guid,Type,NameMakanAmoozeshi,Lat,Long\nC0000000-0000-4000-8000-00000000A001,Centers,مرکز تازه,35.7,51.4\n',
    );
    const run = runScript('import', [file, '--db', server.dbFile]);
    expect(run.code, run.err).toBe(0);
    const second = await log.waitForWarmed(2);
    expect(second['types']).toBe(DISTINCT_TYPES);
    await log.waitFor(TRADES_WARMED_MESSAGE, 2);
    expect(log.lines.some((line) => line['msg'] === 'dataset changed')).toBe(true);
  });

  it('without it (tests, benchmarks) nothing is built before it is asked for', async () => {
    const log = logCapture();
    server = await startTestServer({ store, points: 2000, logger: { level: 'info', stream: log.stream } });
    await new Promise((r) => setTimeout(r, 1500));
    expect(log.lines.some((line) => line['msg'] === WARMED || line['msg'] === TRADES_WARMED_MESSAGE)).toBe(false);
  });
});

/**
 * The server's own vector basemap over real HTTP, on both stores: /api/basemap names it (or says there is
 * none), the archive is sent in ranges with a year's caching under a name that changes with the file, a
 * range past its end is refused, and the `pmtiles` reader the map uses reads the same tiles through the
 * server as from the file. A MAKAN_BASEMAP that is not a PMTiles archive stops the start with the reason.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FetchSource, PMTiles } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasemapAnswer } from '../../domain/basemap';
import { readConfig } from '../../server/config';
import { StartupError } from '../../server/startupError';
import { writeBasemapFixture } from '../support/basemapFixture';
import { BufferSource } from '../support/bufferSource';
import { startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

let dir: string;
let file: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'makan-basemap-'));
  file = writeBasemapFixture(join(dir, 'iran.pmtiles'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(STORE_KINDS)('the vector basemap (%s)', (store) => {
  let server: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    [server, plain] = await Promise.all([
      startTestServer({ store, points: 200, basemap: file }),
      startTestServer({ store, points: 200 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), plain?.stop()]);
  });
  const urlOf = async (s: TestServer) =>
    ((await (await fetch(`${s.baseUrl}/api/basemap`)).json()) as BasemapAnswer).Url;

  it('a server without one says so, and has nothing under /basemap/', async () => {
    expect(await urlOf(plain)).toBeNull();
    const missing = await fetch(`${plain.baseUrl}/basemap/basemap-000000000000.pmtiles`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toBe('not_found');
  });

  it('is sent in ranges, immutable under its name; a range past its end and an old name are refused', async () => {
    const bytes = readFileSync(file);
    const url = await urlOf(server);
    expect(url).toMatch(/^\/basemap\/basemap-[0-9a-f]{12}\.pmtiles$/);

    const head = await fetch(`${server.baseUrl}${url}`, { headers: { range: 'bytes=0-126' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-126/${bytes.length}`);
    expect(head.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Kept by a cache for everyone: no visitor's XSRF token in it.
    expect(head.headers.get('set-cookie')).toBeNull();
    expect(head.headers.get('content-encoding')).toBeNull();
    expect(head.headers.get('etag')).toBeTruthy();
    expect(Buffer.from(await head.arrayBuffer())).toEqual(bytes.subarray(0, 127));

    const middle = await fetch(`${server.baseUrl}${url}`, { headers: { range: 'bytes=1000-1999' } });
    expect(Buffer.from(await middle.arrayBuffer())).toEqual(bytes.subarray(1000, 2000));

    const whole = await fetch(`${server.baseUrl}${url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);

    const past = await fetch(`${server.baseUrl}${url}`, { headers: { range: `bytes=${bytes.length + 10}-` } });
    expect(past.status).toBe(416);
    expect(((await past.json()) as { error: string }).error).toBe('range_not_satisfiable');

    const old = await fetch(`${server.baseUrl}/basemap/basemap-000000000000.pmtiles`);
    expect(old.status).toBe(404);
  });

  it("the map's reader reads through the server the tiles the file holds", async () => {
    const url = await urlOf(server);
    const remote = new PMTiles(new FetchSource(`${server.baseUrl}${url}`));
    const local = new PMTiles(new BufferSource(readFileSync(file)));
    const header = await remote.getHeader();
    expect([header.minZoom, header.maxZoom]).toEqual([0, 7]);
    // Tehran's tile at zoom 7 and at zoom 5, byte for byte.
    for (const [z, x, y] of [
      [7, 82, 50],
      [5, 20, 12],
    ] as const) {
      const tile = await remote.getZxy(z, x, y);
      expect(tile, `${z}/${x}/${y}`).toBeDefined();
      expect(Buffer.from(tile!.data)).toEqual(Buffer.from((await local.getZxy(z, x, y))!.data));
    }
  });
});

describe('MAKAN_BASEMAP', () => {
  it('a file that is not a PMTiles archive, or is missing, stops the start with the reason and the way out', () => {
    const notArchive = join(dir, 'notes.txt');
    writeFileSync(notArchive, 'these are not tiles'.repeat(20));
    const attempt = (path: string) => () => readConfig({ MAKAN_BASEMAP: path });
    expect(attempt(notArchive)).toThrow(StartupError);
    expect(attempt(notArchive)).toThrow(/is not a PMTiles archive; name a PMTiles \(version 3\) file/);
    expect(attempt(join(dir, 'nowhere.pmtiles'))).toThrow(/cannot be read/);
    expect(readConfig({ MAKAN_BASEMAP: file }).basemap?.size).toBe(readFileSync(file).length);
    expect(readConfig({}).basemap).toBeNull();
  });
});

/** HTTP done properly on the API: compression, ETags with revalidation, and never a stale answer. */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeByRoute } from '../../domain/locationTypes';
import { startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';
import { testDir } from '../support/testDir';

const centers = typeByRoute('Centers')!;

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ store, points: 2000 });
  });
  afterAll(() => server.stop());

  const chart = `/api/TVTOBase/OrglocationChartData/${centers.typeId}`;

  it("says the server's own time on each API answer (Server-Timing), apart from the network's", async () => {
    const response = await fetch(server.baseUrl + chart);
    const timing = /^app;dur=(\d+\.\d{3})$/.exec(response.headers.get('server-timing') ?? '');
    expect(timing, response.headers.get('server-timing') ?? 'no header').not.toBeNull();
    expect(Number(timing![1])).toBeGreaterThan(0);
  });

  it('compresses JSON with brotli or gzip, as the client accepts', async () => {
    const path = `/api/Map/BindByOrglocationTypeID/${centers.typeId}`;
    const br = await fetch(server.baseUrl + path, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gzip = await fetch(server.baseUrl + path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(server.baseUrl + path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    // fetch decodes: the three bodies are the same JSON.
    const [a, b, c] = await Promise.all([br.json(), gzip.json(), plain.json()]);
    expect(a).toEqual(c);
    expect(b).toEqual(c);
  });

  it('answers a matching If-None-Match with 304 and no body; a data change changes the ETag', async () => {
    const first = await fetch(server.baseUrl + chart);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(server.baseUrl + chart, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const dir = testDir('etag');
    const file = join(dir, 'one.csv');
    writeFileSync(
      file,
      'Guid,Type,NameMakanAmoozeshi,Lat,Long\nC0000000-0000-4000-8000-000000000001,Centers,مرکز تازه,35.7,51.4\n',
    );
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', resolve('server/scripts/import.ts'), file, '--db', server.dbFile],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const started = Date.now();
    let after: Response;
    do {
      after = await fetch(server.baseUrl + chart, { headers: { 'if-none-match': etag! } });
    } while (
      after.status === 304 &&
      Date.now() - started < 3000 &&
      (await new Promise((r) => setTimeout(r, 100)), true)
    );
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });
});

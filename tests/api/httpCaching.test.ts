/** HTTP done properly on the API: compression, ETags with revalidation, and never a stale answer. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeByRoute } from '../../domain/locationTypes';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';
import { testDir } from '../support/testDir';
import { runScript } from '../support/serverProcess';

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

  it('tags the map answers that may run to megabytes by version and question, never a hash of the body', async () => {
    const version = ((await (await fetch(`${server.baseUrl}/api/meta`)).json()) as { version: number }).version;
    const box = (maxLon: number) => `zoom=9&minLat=25&minLon=44&maxLat=39&maxLon=${maxLon}`;
    const asked = [
      { path: `/api/Map/BindByOrglocationTypeID/${centers.typeId}` },
      { path: `/api/TVTOBase/OrglocationMap/${centers.typeId}?${box(63)}` },
      { path: `/api/TVTOBase/OrglocationMap/${centers.typeId}?${box(62)}` },
    ];
    const tags = new Set<string>();
    for (const { path } of asked) {
      const first = await fetch(server.baseUrl + path);
      const etag = first.headers.get('etag')!;
      expect([path, etag]).toEqual([path, expect.stringMatching(new RegExp(`^W/"v${version}-`))]);
      tags.add(etag);
      const again = await fetch(server.baseUrl + path, { headers: { 'if-none-match': etag } });
      expect([path, again.status]).toEqual([path, 304]);
    }
    expect(tags.size, 'one tag per question').toBe(asked.length);
  });

  it('reads If-None-Match as a list, `*` or a weak tag, and answers 304 only to a GET or HEAD that would be 2xx', async () => {
    const api = (path: string, init: RequestInit = {}) => fetch(server.baseUrl + path, init);
    const etag = (await api(chart)).headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const strong = etag.slice(2);
    // A cache holding several answers sends their tags as a list; the plain form of a weak tag is the same tag.
    for (const held of [`"v0-gone", ${etag}`, `${strong},"x"`, '*', ` ${etag} `]) {
      for (const method of ['GET', 'HEAD']) {
        const again = await api(chart, { method, headers: { 'if-none-match': held } });
        expect([held, method, again.status]).toEqual([held, method, 304]);
        expect(again.headers.get('etag')).toBe(etag);
        expect(await again.text()).toBe('');
      }
    }
    for (const held of ['"v0-gone"', 'W/"v0-gone", "x"', etag.replace(/"$/, 'x"'), 'nonsense', '']) {
      const again = await api(chart, { headers: { 'if-none-match': held } });
      expect([held, again.status]).toEqual([held, 200]);
      expect(await again.json()).toBeTruthy();
    }
    // A refusal is sent whole whatever the client holds: its tag is the error's, not a page's to keep.
    const missing = `/api/TVTOBase/OrglocationChartData/00000000-0000-0000-0000-000000000000`;
    const refused = await api(missing);
    expect(refused.status).toBe(404);
    const refusedTag = refused.headers.get('etag');
    for (const held of ['*', ...(refusedTag ? [refusedTag] : [])]) {
      const again = await api(missing, { headers: { 'if-none-match': held } });
      expect([held, again.status]).toEqual([held, 404]);
      expect((await again.json()) as { error: string }).toMatchObject({ error: expect.any(String) });
    }
    // A POST is never answered 304, though its answer is tagged (LazyLoad's is named by the version).
    const lazyLoad = `/api/Map/LazyLoad/${centers.typeId}`;
    const box = JSON.stringify({ MinLat: 25, MinLon: 44, MaxLat: 40, MaxLon: 63 });
    const client = new ApiClient(server.baseUrl);
    await client.request('/api/types');
    const post = (headers: Record<string, string> = {}) =>
      client.request(lazyLoad, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: box,
      });
    const posted = await post();
    expect(posted.status).toBe(200);
    const postTag = posted.headers.get('etag')!;
    expect(postTag).toBeTruthy();
    for (const held of [postTag, '*']) {
      const again = await post({ 'if-none-match': held });
      expect([held, again.status]).toEqual([held, 200]);
      expect(((await again.json()) as unknown[]).length).toBeGreaterThan(0);
    }
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
    const run = runScript('import', [file, '--db', server.dbFile]);
    expect(run.code, run.err).toBe(0);
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

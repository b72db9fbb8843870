/**
 * The server's pages as Fastify routes under the API's conventions, over real HTTP on both stores: an address the
 * page's schema cannot read is refused with a page saying why; each page is compressed by the same plugin as the
 * API for whatever the client accepts and answered 304 by its ETag; visitors asking a page not yet made, all at
 * once, get one page; after an import a page is made at the new version and the one kept at the old is never sent,
 * including to those asking at the moment of the import. A page joins the server with one entry (a pseudo-page).
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_VERSION_HEADER } from '../../domain/http';
import { PAGE_ROUTES, type PageRoute } from '../../server/pages/pageRoutes';
import { PAGE_WORDS } from '../../server/pages/pageWords';
import { reimportType } from '../support/reimport';
import { startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

interface Sent {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET with the given headers (brotli accepted unless they say otherwise), its body decoded as sent. */
function get(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'br', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
        resolve({ status: res.statusCode!, headers: res.headers, body: body.toString() });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const versionOf = (sent: Sent) => Number(sent.headers[DATASET_VERSION_HEADER.toLowerCase()]);
const totalOf = (page: string) => /id="ssr-total"[^>]*>([\s\S]*?)</.exec(page)?.[1] ?? '';

/** A page that is not one of Makan's: it proves a page joins the server with one entry and gets every convention. */
let pseudoMade = 0;
const PSEUDO: PageRoute = {
  url: '/pseudo-page',
  kind: 'page',
  querystring: Type.Object({ n: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })) }),
  make: (_maker, ask) => {
    pseudoMade++;
    const n = ask.query.get('n') ?? '0';
    return { text: `<!doctype html><p>pseudo ${n}</p>${'<p>filler</p>'.repeat(200)}`, type: 'text/html', status: 200 };
  },
  costsWork: (ask) => ask.query.has('n'),
};

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      store,
      points: 800,
      withClient: true,
      rateLimit: 60,
      pageRoutes: [...PAGE_ROUTES, PSEUDO],
    });
  });
  afterAll(() => server.stop());

  it('refuses an address its schema cannot read with a page saying why, in the page’s language', async () => {
    const refused = [
      '/search?type=Centers&q=%D8%AA%D9%87%D8%B1%D8%A7%D9%86&q=x&lang=en',
      '/Centers?tab=evil&lang=en',
      '/list?type=Centers&province=Tehran&page=-1&lang=en',
      `/search?type=Centers&q=${'a'.repeat(1_001)}&lang=en`,
      `/Centers?loc=${'x'.repeat(65)}&lang=en`,
      '/Centers?lang=en&lang=fa',
    ];
    for (const path of refused) {
      const sent = await get(server.baseUrl, path);
      expect(sent.status, path).toBe(400);
      expect(sent.headers['content-type'], path).toMatch(/^text\/html/);
      expect(sent.body, path).toContain(PAGE_WORDS.en.badAddress);
    }
    // In Persian where the address does not ask for English.
    expect((await get(server.baseUrl, '/Centers?tab=evil')).body).toContain(PAGE_WORDS.fa.badAddress);
    // A file the crawlers ask for with a name it cannot have is not there.
    for (const path of ['/sitemap-vabc-1.xml', '/sitemap-v1-1e3.xml', '/sitemap-v99999-1.xml'])
      expect((await get(server.baseUrl, path)).status, path).toBe(404);
    // A link's own parameters (a campaign's) are not the page's to refuse.
    expect((await get(server.baseUrl, '/Centers?utm_source=newsletter')).status).toBe(200);
  });

  it('compresses each page as the client accepts, by the API’s plugin, and answers a repeat 304 by its ETag', async () => {
    const asked = { br: 'br', gzip: 'gzip', identity: 'identity' } as const;
    const bodies = new Set<string>();
    for (const [encoding, accept] of Object.entries(asked)) {
      const sent = await get(server.baseUrl, '/Centers?lang=en', { 'accept-encoding': accept });
      expect(sent.status).toBe(200);
      expect(sent.headers['content-encoding'] ?? 'identity', encoding).toBe(encoding);
      expect(String(sent.headers['vary'])).toMatch(/cookie/i);
      expect(String(sent.headers['vary'])).toMatch(/accept-encoding/i);
      expect(sent.headers['cache-control']).toBe('no-cache');
      const etag = String(sent.headers['etag']);
      expect(etag).toMatch(new RegExp(`^W/"v${versionOf(sent)}-`));
      const again = await get(server.baseUrl, '/Centers?lang=en', { 'accept-encoding': accept, 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      bodies.add(sent.body);
    }
    expect(bodies.size).toBe(1);
    // The text files too.
    const robots = await get(server.baseUrl, '/robots.txt', { 'accept-encoding': 'gzip' });
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Sitemap:');
  });

  it('gives visitors asking a page not yet made, all at once, one page with one ETag', async () => {
    for (const path of ['/Centers?tab=stats&lang=en&legal=x', '/list?type=Centers&province=Tehran&page=1']) {
      const sent = await Promise.all(Array.from({ length: 12 }, () => get(server.baseUrl, path)));
      expect(
        sent.map((s) => s.status),
        path,
      ).toEqual(sent.map(() => 200));
      expect(new Set(sent.map((s) => s.headers['etag'])).size, path).toBe(1);
      expect(new Set(sent.map((s) => s.body)).size, path).toBe(1);
    }
  });

  it('after an import makes each page at the new version, never sending the one kept, even when asked at that moment', async () => {
    const paths = ['/Centers', '/Centers?lang=en', '/Centers?tab=stats', '/list?type=Centers&province=Tehran'];
    const before = await Promise.all(paths.map((path) => get(server.baseUrl, path)));
    const v1 = versionOf(before[0]!);
    expect(before.every((sent) => versionOf(sent) === v1)).toBe(true);
    await reimportType(
      server,
      'Centers',
      (rows) => {
        const inTehran = rows.filter((row) => row['Ostan'] === 'Tehran');
        const added = [1, 2, 3].map((n) => ({
          ...inTehran[n % inTehran.length]!,
          Guid: `C0000000-0000-4000-8000-00000000E0${n}0`,
          NameMakanAmoozeshi: `مرکز صفحه نو ${n}`,
        }));
        return [...rows, ...added];
      },
      'page-routes',
    );
    const during = await Promise.all(paths.map((path) => get(server.baseUrl, path)));
    // Once the server has surely switched (a read at the new version makes it catch up).
    await get(server.baseUrl, '/api/meta');
    const after = await Promise.all(paths.map((path) => get(server.baseUrl, path)));
    expect(after.every((sent) => versionOf(sent) === v1 + 1)).toBe(true);
    expect(totalOf(after[0]!.body)).not.toBe(totalOf(before[0]!.body));
    expect(after[3]!.body).toContain('مرکز صفحه نو 1');
    const at = new Map([
      [v1, before],
      [v1 + 1, after],
    ]);
    during.forEach((sent, i) => {
      const expected = at.get(versionOf(sent))?.[i];
      expect(expected, `${paths[i]} said version ${versionOf(sent)}`).toBeDefined();
      expect(sent.body, paths[i]).toBe(expected!.body);
    });
    // The old ETag is not the new page's: the browser's copy is replaced, not revalidated.
    const old = await get(server.baseUrl, '/Centers', { 'if-none-match': String(before[0]!.headers['etag']) });
    expect(old.status).toBe(200);
    expect(old.headers['etag']).toMatch(new RegExp(`^W/"v${v1 + 1}-`));
  });

  it('serves a page that joins by one entry with every convention: schema, compression, ETag, cache, version, limit', async () => {
    pseudoMade = 0;
    const first = await get(server.baseUrl, '/pseudo-page');
    expect(first.status).toBe(200);
    expect(first.body).toContain('pseudo 0');
    expect(first.headers['content-encoding']).toBe('br');
    expect(versionOf(first)).toBeGreaterThan(0);
    expect(first.headers['etag']).toMatch(new RegExp(`^W/"v${versionOf(first)}-`));
    expect((await get(server.baseUrl, '/pseudo-page', { 'if-none-match': String(first.headers['etag']) })).status).toBe(
      304,
    );
    // Made once: the repeats came from the page cache.
    expect(pseudoMade).toBe(1);
    expect((await get(server.baseUrl, '/pseudo-page?n=abc&lang=en')).body).toContain('This page cannot read');
    // A page that costs work counts against the rate limit (60 a minute here); one that does not, never.
    const counted = await Promise.all(Array.from({ length: 70 }, (_, i) => get(server.baseUrl, `/pseudo-page?n=${i}`)));
    expect(counted.filter((s) => s.status === 429).length).toBeGreaterThan(0);
    expect((await get(server.baseUrl, '/pseudo-page')).status).toBe(200);
    // Not part of the API's description.
    const openApi = JSON.parse((await get(server.baseUrl, '/api/openapi.json')).body) as { paths: object };
    expect(Object.keys(openApi.paths).some((p) => p.includes('pseudo'))).toBe(false);
  });
});

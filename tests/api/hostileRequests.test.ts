/**
 * Requests an attacker writes, over real HTTP on both stores: a Host header of their choosing (node:http, as
 * fetch will not set it), control characters in every kind of text parameter, and floods of the pages that
 * cost work. Named after the OWASP ASVS 5.0 requirements they meet where one fits.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET with the headers as given, Host among them. */
function get(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const PUBLIC = 'https://makan.example.ir';
const EVIL = ['evil.example', 'attacker.test:8443', 'x"><script>alert(1)</script>'];
/** Every absolute address in a text. */
const originsIn = (text: string) => [...new Set([...text.matchAll(/https?:\/\/[^/"'<\s]+/g)].map((m) => m[0]))];

describe.each(STORE_KINDS)('%s store', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      store: kind,
      points: 400,
      withClient: true,
      publicOrigin: PUBLIC,
      trustProxy: ['127.0.0.1'],
    });
  });
  afterAll(() => server.stop());

  describe('the site names itself from its configuration, never from a request', () => {
    const addresses = ['/Centers?lang=en', '/robots.txt', '/sitemap.xml', '/api/feeds/changes.atom?type=Centers'];
    it.each(addresses)('%s: the same links under any Host or X-Forwarded-Host', async (path) => {
      const plain = await get(server.baseUrl, path);
      expect(plain.status).toBe(200);
      // Beside the XML namespaces' own addresses.
      const origins = originsIn(plain.body).filter((o) => !o.startsWith('http://www.'));
      expect(origins.length).toBeGreaterThan(0);
      expect(origins.every((o) => o === PUBLIC)).toBe(true);
      for (const host of EVIL) {
        const forged = await get(server.baseUrl, path, {
          host,
          'x-forwarded-host': host,
          'x-forwarded-proto': 'gopher',
        });
        expect(forged.status).toBe(200);
        expect(forged.body).not.toContain(host.split(':')[0]);
        expect(forged.body).toBe(plain.body);
      }
    });

    it('a sitemap file lists the configured origin alone', async () => {
      const index = await get(server.baseUrl, '/sitemap.xml', { host: 'evil.example' });
      const first = /<loc>([^<]+)<\/loc>/.exec(index.body)![1]!;
      expect(first.startsWith(`${PUBLIC}/sitemap-v`)).toBe(true);
      const file = await get(server.baseUrl, first.slice(PUBLIC.length), { host: 'evil.example' });
      expect(file.status).toBe(200);
      expect(originsIn(file.body).filter((o) => !o.startsWith('http://www.'))).toEqual([PUBLIC]);
    });

    it('a hundred Hosts make one kept page, not a hundred (the same page and ETag for each)', async () => {
      const etags = new Set<string>();
      for (let i = 0; i < 100; i++) {
        const answer = await get(server.baseUrl, '/sitemap.xml', { host: `h${i}.example` });
        etags.add(String(answer.headers['etag']));
      }
      expect(etags.size).toBe(1);
    });
  });

  describe('V2.2.1 no control character in any text a client sends', () => {
    it.each([
      '/api/search?q=teh%00ran',
      '/api/search?q=ab%01cd',
      '/api/places?q=%00',
      '/search?type=Centers&q=ab%00',
      '/search?type=Centers&q=%7Fab',
      // A C1 control (NEL, U+0085) is no text either.
      '/api/search?q=ab%C2%85cd',
      '/api/ask?q=sewing%C2%85Bojnurd',
      '/list?type=Centers&province=Tehran%00',
    ])('%s is refused with 400 and the reason, not a 500', async (path) => {
      const answer = await get(server.baseUrl, path);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatch(/control character/);
    });

    it('a body with a NUL is refused; a report may keep its line breaks', async () => {
      const post = (body: unknown) =>
        fetch(`${server.baseUrl}/api/staff/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
          body: JSON.stringify(body),
        });
      const nul = await post({ name: 'maryam\u0000', password: 'a long enough passphrase' });
      expect(nul.status).toBe(400);
      expect(((await nul.json()) as { message: string }).message).toMatch(/body\.name has a control character/);
      // Not refused for its characters: the name is simply unknown.
      expect((await post({ name: 'maryam', password: 'a long\tpassphrase\r\n' })).status).toBe(401);
    });
  });
});

describe('V2.4.1 every page that costs work is counted against the client limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a proxy at 127.0.0.1: each case is a client of its own.
    server = await startTestServer({ points: 400, withClient: true, rateLimit: 5, trustProxy: ['127.0.0.1'] });
  });
  afterAll(() => server.stop());

  const costly = ['/sitemap.xml', '/Centers?loc=nothing', '/Centers?unknown=1', '/list?type=Centers&province=Tehran'];
  it.each(costly.map((path, i) => [path, `203.0.113.${i + 1}`]))(
    '%s: the sixth in a window is refused',
    async (path, client) => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await get(server.baseUrl, path, { 'x-forwarded-for': client })).status);
      expect(statuses.slice(0, 5)).not.toContain(429);
      expect(statuses[5]).toBe(429);
    },
  );

  it('a type page as it is, and robots.txt, are not counted', async () => {
    const client = { 'x-forwarded-for': '203.0.113.99' };
    for (let i = 0; i < 8; i++) {
      expect((await get(server.baseUrl, '/Centers?lang=en', client)).status).toBe(200);
      expect((await get(server.baseUrl, '/robots.txt', client)).status).toBe(200);
    }
  });
});

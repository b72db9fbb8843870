/** The fault battery's findings, held: XSRF on the matched route, strict numbers, logged failures, timeouts, headers. */
import { Agent, get as httpGet, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeByRoute } from '../../domain/locationTypes';
import { ApiClient, startTestServer, type TestServer } from '../support/testServer';

const academy = typeByRoute('Academy')!.typeId;
const BOX = { MinLat: 35, MinLon: 50, MaxLat: 36, MaxLon: 52 };

/** Sends raw bytes and collects what comes back until the server closes the socket (or `waitMs` passes). */
function rawRequest(
  port: number,
  chunks: string[],
  gapMs = 0,
  waitMs = 10_000,
): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: Date.now() - started });
    }, waitMs);
    socket.on('data', (data) => (text += data.toString()));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.on('error', reject);
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
    });
  });
}

let server: TestServer;
let api: ApiClient;
let port: number;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  server = await startTestServer({
    points: 1000,
    logger: { level: 'info', stream },
    timeouts: { request: 1500, headers: 1000, checkInterval: 250 },
  });
  api = new ApiClient(server.baseUrl);
  port = Number(new URL(server.baseUrl).port);
});
afterAll(() => server.stop());

describe('XSRF is checked on the matched route, whatever the spelling of the path', () => {
  it('a percent-encoded /api path without the token answers 403', async () => {
    const response = await api.post(`/%61pi/Map/LazyLoad/${academy}`, BOX, { sendXsrf: false });
    expect(response.status).toBe(403);
  });

  it('the same path with the token is served (the route really matched)', async () => {
    expect((await api.post(`/%61pi/Map/LazyLoad/${academy}`, BOX)).status).toBe(200);
  });

  it('an absolute-form request target without the token answers 403', async () => {
    const body = JSON.stringify(BOX);
    const { text } = await rawRequest(port, [
      `POST http://127.0.0.1:${port}/api/Map/LazyLoad/${academy} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    ]);
    expect(text).toMatch(/^HTTP\/1\.1 403/);
  });
});

describe('numbers are finite numbers, never coerced', () => {
  it.each([
    ['zoom=Infinity', 'zoom=Infinity&minLat=30&minLon=44&maxLat=40&maxLon=60'],
    ['minLat=-Infinity', 'zoom=6&minLat=-Infinity&minLon=44&maxLat=40&maxLon=60'],
    ['a blank zoom', 'zoom=%20&minLat=30&minLon=44&maxLat=40&maxLon=60'],
    ['an empty zoom', 'zoom=&minLat=30&minLon=44&maxLat=40&maxLon=60'],
    ['NaN', 'zoom=NaN&minLat=30&minLon=44&maxLat=40&maxLon=60'],
    ['hexadecimal', 'zoom=0x6&minLat=30&minLon=44&maxLat=40&maxLon=60'],
    ['a repeated key', 'zoom=6&zoom=7&minLat=30&minLon=44&maxLat=40&maxLon=60'],
  ])('clusters with %s answer 400', async (_label, query) => {
    const response = await api.request(`/api/TVTOBase/OrglocationMap/${academy}?${query}`);
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()) as object).sort()).toEqual(['error', 'message']);
  });

  it('clusters with plain decimal numbers are served', async () => {
    expect(
      (
        await api.request(
          `/api/TVTOBase/OrglocationMap/${academy}?zoom=6.5&minLat=30&minLon=44.25&maxLat=40&maxLon=6e1`,
        )
      ).status,
    ).toBe(200);
  });

  it.each([
    ['blank, boolean and array values', { MinLat: ' ', MinLon: true, MaxLat: 36, MaxLon: [52] }],
    ['numbers written as text', { MinLat: '35', MinLon: '50', MaxLat: '36', MaxLon: '52' }],
    ['a null', { MinLat: null, MinLon: 50, MaxLat: 36, MaxLon: 52 }],
  ])('LazyLoad with %s answers 400', async (_label, body) => {
    expect((await api.post(`/api/Map/LazyLoad/${academy}`, body)).status).toBe(400);
  });
});

describe('headers', () => {
  it('sends no HSTS over plain HTTP, and a request id on every answer', async () => {
    const response = await api.request('/api/types');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('slow clients do not hold sockets', () => {
  it('a body sent a byte at a time is cut off at the request timeout', async () => {
    const head = `POST /api/Map/LazyLoad/${academy} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nCookie: XSRF-TOKEN=t\r\nX-XSRF-TOKEN: t\r\nContent-Length: 200\r\n\r\n`;
    const { text, closedAfterMs } = await rawRequest(port, [head, ...'{"MinLat":35'.split('')], 400, 8000);
    expect(closedAfterMs).toBeLessThan(5000);
    expect(text === '' || /^HTTP\/1\.1 408/.test(text), text).toBe(true);
  });

  it('headers that never finish are cut off at the headers timeout', async () => {
    const { closedAfterMs } = await rawRequest(
      port,
      [
        'GET /api/types HTTP/1.1\r\n',
        'Host: x\r\n',
        'X-Slow: 1\r\n',
        'X-Slow: 2\r\n',
        'X-Slow: 3\r\n',
        'X-Slow: 4\r\n',
      ],
      500,
      8000,
    );
    expect(closedAfterMs).toBeLessThan(5000);
  });
});

describe('a request Node cannot read is answered, and the connection said closed', () => {
  /** Keep-alive requests over one agent, as a proxy or Node's fetch reuses its connections. */
  function keepAliveGet(agent: Agent, path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      const request = httpGet({ host: '127.0.0.1', port, path, agent, headers }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode!, connection: response.headers.connection, body }),
        );
      });
      request.on('error', reject);
    });
  }

  it('headers past 16 KiB answer 431 with Connection: close, and the next request on the agent is served', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let round = 0; round < 3; round++) {
        expect((await keepAliveGet(agent, '/api/types')).status).toBe(200);
        // A search for a long Persian phrase: 6 bytes a letter once percent-encoded.
        const tooLong = await keepAliveGet(agent, `/api/search?q=${encodeURIComponent('ت'.repeat(3000))}`);
        expect(tooLong.status).toBe(431);
        expect(tooLong.connection).toBe('close');
        expect(JSON.parse(tooLong.body)).toEqual({ error: 'headers_too_large', message: expect.any(String) });
        // Fastify's own answer left the connection looking open: this request went into a closed socket.
        expect((await keepAliveGet(agent, '/api/types')).status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });

  it('a malformed request line answers 400 in the API’s shape and closes', async () => {
    // On a connection already used: the first request is answered before the second arrives.
    const { text, closedAfterMs } = await rawRequest(
      port,
      ['GET /api/types HTTP/1.1\r\nHost: x\r\n\r\n', 'GET /a b c\r\n\r\n'],
      300,
    );
    const answers = text.split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((answer) => answer.slice(9, 12))).toEqual(['200', '400']);
    expect(answers[1]).toMatch(/\r\nConnection: close\r\n/i);
    expect(answers[1]).toMatch(/\r\nCache-Control: no-store\r\n/i);
    expect(JSON.parse(answers[1]!.split('\r\n\r\n')[1]!)).toEqual({
      error: 'bad_request',
      message: 'the request is not readable as HTTP/1.1',
    });
    expect(closedAfterMs).toBeLessThan(5000);
  });
});

describe('an address the router cannot read', () => {
  it.each([
    ['a percent sign with no hex after it', '/api/TVTOBase/GetMapLocationDetailsx/%zz'],
    ['bytes that are not UTF-8', '/api/tiles/%ED%A0%80'],
    ['a segment past the router’s length', `/api/tiles/${encodeURIComponent('ت'.repeat(1200))}`],
  ])('%s answers the API’s 400, with the headers every answer carries', async (_label, path) => {
    const response = await api.request(path);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('an Expect header', () => {
  it('other than 100-continue is refused as the API refuses, with the headers every answer carries', async () => {
    const { text } = await rawRequest(port, [
      `GET /api/types HTTP/1.1\r\nHost: makan\r\nExpect: something-else\r\nConnection: close\r\n\r\n`,
    ]);
    const [head, body] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 417 /);
    expect(head).toMatch(/\r\ncontent-security-policy: default-src 'self'/i);
    expect(head).toMatch(/\r\nx-content-type-options: nosniff/i);
    expect(head).toMatch(/\r\ncache-control: no-store/i);
    expect(JSON.parse(body!)).toEqual({ error: 'expectation_failed', message: expect.any(String) });
  });

  it('100-continue is met: told to go on, the body is read and answered', async () => {
    // A visitor's first answer gives the token a POST echoes.
    const first = await fetch(`${server.baseUrl}/api/types`);
    const token = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
    const answer = await new Promise<{ status: number; continued: boolean; body: string }>((resolve, reject) => {
      let continued = false;
      const payload = JSON.stringify(BOX);
      const request = httpRequest({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: `/api/Map/LazyLoad/${academy}`,
        headers: {
          expect: '100-continue',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          cookie: `XSRF-TOKEN=${token}`,
          'x-xsrf-token': token,
        },
      });
      request.on('continue', () => {
        continued = true;
        request.end(payload);
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, continued, body }));
      });
      request.on('error', reject);
    });
    expect([answer.continued, answer.status]).toEqual([true, 200]);
    expect(Array.isArray(JSON.parse(answer.body))).toBe(true);
  });
});

describe('server failures are logged', () => {
  it('a 500 answers with its request id and leaves one JSON log line with the cause and that id', async () => {
    server.db!.close(); // the database goes away under the running server
    const response = await api.request(`/api/TVTOBase/OrglocationChartData/${academy}`);
    expect(response.status).toBe(500);
    const requestId = response.headers.get('x-request-id')!;
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe('internal');
    expect(body.message).toContain(requestId);
    expect(JSON.stringify(body)).not.toMatch(/database|sqlite|\.ts:/i);
    const line = logLines.find((l) => l['reqId'] === requestId);
    expect(line).toBeDefined();
    expect(line!['level']).toBe(50);
    expect(JSON.stringify(line!['err'])).toMatch(/database connection is not open/);
  });
});

/**
 * One HTTP request from a benchmark, over node:http: what the benchmarks time and read. Not fetch: undici spends
 * about a millisecond of its own on each request, more than a small answer takes the server (a tile of points:
 * 0.3 to 0.4 ms of the server's CPU), which flattens every server-against-baseline ratio toward 1; and it
 * decompresses bodies, hiding their size on the wire.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface SendInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The connections to use: by default kept alive and shared by every request of the process. */
  agent?: Agent | false;
}

export interface Sent {
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const keptAlive = new Agent({ keepAlive: true });

export function send(url: string, init: SendInit = {}): Promise<Sent> {
  return new Promise((done, fail) => {
    const req = request(
      url,
      { method: init.method ?? 'GET', headers: init.headers ?? {}, agent: init.agent ?? keptAlive },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          done({ status, ok: status >= 200 && status < 300, headers: res.headers, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on('error', fail);
    req.end(init.body);
  });
}

/** A header's single value ('' when absent). */
export const headerOf = (sent: Sent, name: string): string => {
  const value = sent.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
};

/** The body as a client reads it: decompressed where the server compressed it, as a browser does. */
export function bodyOf(sent: Sent): Buffer {
  const encoding = headerOf(sent, 'content-encoding');
  if (encoding === 'br') return brotliDecompressSync(sent.body);
  if (encoding === 'gzip') return gunzipSync(sent.body);
  return sent.body;
}

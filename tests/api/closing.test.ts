/**
 * A server asked to close while requests are in flight on keep-alive connections (as a browser's or a balancer's
 * are) answers them whole and is closed moments after, on both stores: before, the connections idle a moment after
 * the close began held it for the keep-alive timeout, 72 s, and every test server's stop and rolling restart with
 * them. A request held by the version floor (1 s, then a 503) stands for one in flight. A connection opened that
 * never sends a request does not hold the close either (it held it 10 s).
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MIN_VERSION_HEADER } from '../../domain/http';
import { CLOSE_GRACE_MS } from '../../server/http/closing';
import { startTestServer, STORE_KINDS } from '../support/testServer';

describe.each(STORE_KINDS)('%s store', (store) => {
  it('answers the requests in flight whole, then closes without waiting out the keep-alive', async () => {
    const server = await startTestServer({ store, points: 200 });
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const url = new URL(server.baseUrl);
    const inFlight = Array.from(
      { length: 4 },
      () =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const headers = { [MIN_VERSION_HEADER]: '999999' };
          request({ host: url.hostname, port: url.port, path: '/api/meta', agent, headers }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          })
            .on('error', reject)
            .end();
        }),
    );
    // And one connection idle since its answer.
    await new Promise<void>((resolve) =>
      request({ host: url.hostname, port: url.port, path: '/api/types', agent }, (res) =>
        res.resume().on('end', resolve),
      ).end(),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await server.stop();
    const took = Date.now() - started;
    const answers = await Promise.all(inFlight);
    agent.destroy();
    expect(answers.map((a) => a.status)).toEqual([503, 503, 503, 503]);
    expect(answers.every((a) => JSON.parse(a.body).error === 'version_behind')).toBe(true);
    // The floor's second, and far from the 72 s keep-alive or even the grace for requests that will not end.
    expect(took).toBeLessThan(CLOSE_GRACE_MS / 2);
  });

  it('closes without waiting on a connection that never sent a request', async () => {
    const server = await startTestServer({ store, points: 200 });
    const url = new URL(server.baseUrl);
    const silent = connect(Number(url.port), url.hostname);
    await new Promise((resolve) => silent.once('connect', resolve));
    const closed = new Promise((resolve) => silent.once('close', resolve));
    const started = Date.now();
    await server.stop();
    await closed;
    // Node's own sweep left it for the headers' timeout (10 s) or the grace, whichever came first.
    expect(Date.now() - started).toBeLessThan(CLOSE_GRACE_MS / 5);
  });
});

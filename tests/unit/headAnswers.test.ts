/**
 * A HEAD of a streamed answer (server/http/headAnswers.ts), through the house's answer plugins on a real Fastify over
 * real HTTP: the stream is stopped after at most its first pieces, compressed or not, where Fastify alone read it to
 * its end unseen; a GET still gets every piece, and a HEAD of a body already made keeps its length.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installAnswerEncoding } from '../../server/http/answerEncoding';

const PIECES = 2000;
let made = 0;
let app: FastifyInstance;
let port: number;

/** A body of many pieces, each counted as it is made, and slow enough that reading it all takes a while. */
async function* counted(): AsyncGenerator<Buffer> {
  for (let i = 0; i < PIECES; i++) {
    made++;
    if (i % 50 === 0) await new Promise((r) => setImmediate(r));
    yield Buffer.from(`${'x'.repeat(1000)}\n`);
  }
}

function ask(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: number }>((resolve, reject) => {
    const sent = httpRequest({ port, path, method, headers }, (answer) => {
      let bytes = 0;
      answer.on('data', (part: Buffer) => (bytes += part.length));
      answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers, bytes }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

beforeAll(async () => {
  app = Fastify();
  await app.register(async (scope) => {
    await installAnswerEncoding(scope);
    scope.get('/streamed', (_request, reply) => reply.type('text/plain').send(Readable.from(counted())));
    scope.get('/made', () => ({ answer: 'y'.repeat(5000) }));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

describe('a HEAD of a streamed answer', () => {
  it.each<Record<string, string>>([{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'br' }])(
    'stops the stream after its first pieces (%o)',
    async (headers) => {
      made = 0;
      const head = await ask('HEAD', '/streamed', headers);
      expect(head.status).toBe(200);
      expect(head.bytes).toBe(0);
      await new Promise((r) => setTimeout(r, 200));
      expect(made).toBeLessThan(PIECES / 10);
    },
  );

  it('leaves a GET whole, and a HEAD of a made body its length', async () => {
    made = 0;
    const whole = await ask('GET', '/streamed');
    expect(whole.bytes).toBe(PIECES * 1001);
    expect(made).toBe(PIECES);
    const head = await ask('HEAD', '/made');
    expect(head.status).toBe(200);
    expect(head.bytes).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(5000);
  });
});

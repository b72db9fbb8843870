/** The client's streamed read of a list of names, over real HTTP from a server that sends it piece by piece. */
import { failureText } from '../../src/i18n/failureText';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** What the server does with each request: the test writes the body itself, when it wants. */
let answer: (response: ServerResponse) => void = () => undefined;
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.flushHeaders();
  answer(response);
});
let http: typeof import('../../src/api/http');
let fa: typeof import('../../src/i18n/fa').fa;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('VITE_API_BASE', `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
  // A copy of the module that reads this server's address (another file may have loaded one before).
  vi.resetModules();
  http = await import('../../src/api/http');
  fa = (await import('../../src/i18n/fa')).fa;
});
afterAll(() => {
  vi.unstubAllEnvs();
  server.close();
});

describe('reading a list of names as it arrives', () => {
  it('hands over the first names before the rest has been sent', async () => {
    let response!: ServerResponse;
    answer = (r) => (response = r);
    const runs: string[][] = [];
    const done = http.requestStringList('names', (names) => runs.push(names));
    await vi.waitFor(() => expect(response).toBeDefined());
    response.write('["آموزشگاه یک","کارگاه ');
    await vi.waitFor(() => expect(runs).toEqual([['آموزشگاه یک']]));
    response.end('دو"]');
    await done;
    expect(runs.flat()).toEqual(['آموزشگاه یک', 'کارگاه دو']);
  });

  it('a connection lost midway is a network failure, after the names that did arrive', async () => {
    const runs: string[][] = [];
    answer = (r) => {
      r.write('["یک",');
      setTimeout(() => r.destroy(), 50);
    };
    const failure = await http.requestStringList('names', (names) => runs.push(names)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(http.ApiRequestError);
    expect((failure as InstanceType<typeof http.ApiRequestError>).kind).toBe('network');
    expect(runs.flat()).toEqual(['یک']);
  });

  it('a list that ends unfinished is a server failure', async () => {
    answer = (r) => r.end('["یک","دو');
    const failure = await http.requestStringList('names', () => undefined).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(http.ApiRequestError);
    expect(failure).toMatchObject({ kind: 'malformed', status: 200 });
    expect(failureText(failure as InstanceType<typeof http.ApiRequestError>)).toBe(fa.errors.server);
  });
});

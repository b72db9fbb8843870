/**
 * The client's half of "never older than what it has seen": every read says the newest dataset version an answer
 * has come from, and an older answer (a server held back, an offline copy) never lowers it. The server's half, and a
 * held-back standby refusing, are tests/api/oneVersion.test.ts and tests/api/scaleOut.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATASET_VERSION_HEADER, MIN_VERSION_HEADER } from '../../domain/http';

/** A fresh copy of the HTTP module (its memory of the version seen starts empty) over a recorded fetch. */
async function client(versions: (string | null)[]) {
  vi.resetModules();
  // The little of a page the module reads: no XSRF cookie, and a page without the server's answers.
  vi.stubGlobal('document', { cookie: '', getElementById: () => null });
  const sent: Headers[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push(new Headers(init.headers));
    const version = versions.shift() ?? null;
    return new Response('{}', {
      headers: { 'content-type': 'application/json', ...(version ? { [DATASET_VERSION_HEADER]: version } : {}) },
    });
  });
  const http = await import('../../src/api/http');
  return { http, sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('the version a client has seen', () => {
  it('is sent with every read once an answer has said it, and only rises', async () => {
    const { http, sent } = await client(['7', '5', null, '9']);
    await http.requestJson('meta');
    await http.requestJson('meta');
    await http.requestJson('meta');
    await http.requestJson('meta', { method: 'POST', body: {} });
    // Nothing seen before the first answer; then 7, kept when a server behind says 5 and when an answer says none.
    expect(sent.map((h) => h.get(MIN_VERSION_HEADER))).toEqual([null, '7', '7', '7']);
    await http.requestJson('meta');
    expect(sent.at(-1)!.get(MIN_VERSION_HEADER)).toBe('9');
  });

  it('counts what the map’s points worker reports, and ignores a version said badly', async () => {
    const { http } = await client([]);
    http.noteSeenVersion('12');
    http.noteSeenVersion('twelve');
    http.noteSeenVersion('3');
    expect(http.requestHeaders('GET').get(MIN_VERSION_HEADER)).toBe('12');
  });
});

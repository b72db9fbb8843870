/**
 * An answer to a question that the service worker copied under an older build (before distances were read) has no
 * `WithinKm`: the client reads it as none, so an offline visitor after an update sees no "Within NaN km" chip.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

describe('a kept answer from an older build', () => {
  it('is read with no distance set', async () => {
    vi.resetModules();
    vi.stubGlobal('document', { cookie: '', getElementById: () => null });
    const understood = { Route: 'Academy', Trade: null, Audience: null, Place: null, NearMe: true, Intent: 'nearest' };
    const old = { Understood: understood, Unused: [], PersianReading: null, Answer: { Kind: 'none', Locations: [] } };
    vi.stubGlobal('fetch', async () => Response.json(old));
    const { fetchAsk } = await import('../../src/api/gateway');
    const answer = await fetchAsk('آموزشگاه نزدیک من', [], null);
    expect(answer.Understood).toEqual({ ...understood, WithinKm: null });
  });
});

/**
 * The shared rate table out of reach (its database down or not yet up): each process counts on its own, says so
 * once, and never refuses or holds a request for want of a count. The shared count itself, across two servers,
 * is tests/api/sharedRateLimit.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { sharedRateCounter } from '../../server/rateLimit/sharedRateCounter';

describe('the shared rate counter without its database', () => {
  it('counts in the process, and says so once', async () => {
    const warnings: string[] = [];
    const log = { warn: (_: object, message: string) => warnings.push(message), info: () => undefined };
    // Nothing listens on port 1: every connection is refused at once.
    const counter = sharedRateCounter('postgres://makan@127.0.0.1:1/makan', log);
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await counter.hit('client', 60_000, 20)).current);
    expect(counts).toEqual([1, 2, 3]);
    expect((await counter.hit('another', 60_000, 20)).current).toBe(1);
    expect(warnings).toEqual(['counting requests in this process: the shared rate table cannot be reached']);
    await counter.close();
  });
});

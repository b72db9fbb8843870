/** The primary's restarts: at once after a process that served, backing off after start-up failures, then giving up. */
import { describe, expect, it } from 'vitest';
import { Respawner } from '../../server/respawn';

const policy = { firstDelayMs: 100, maxDelayMs: 500, giveUpAfter: 5 };

describe('Respawner', () => {
  it('replaces a process that had served at once, however often', () => {
    const respawner = new Respawner(policy);
    for (let i = 0; i < 10; i++) expect(respawner.stopped(true)).toEqual({ giveUp: false, delayMs: 0 });
  });

  it('doubles the wait after each start-up failure in a row, up to the cap, then gives up', () => {
    const respawner = new Respawner(policy);
    const delays = [1, 2, 3, 4].map(() => respawner.stopped(false));
    expect(delays).toEqual([100, 200, 400, 500].map((delayMs) => ({ giveUp: false, delayMs })));
    expect(respawner.stopped(false)).toEqual({ giveUp: true, failures: 5 });
  });

  it('starts counting again once a process listens', () => {
    const respawner = new Respawner(policy);
    respawner.stopped(false);
    respawner.stopped(false);
    respawner.listened();
    expect(respawner.stopped(false)).toEqual({ giveUp: false, delayMs: 100 });
  });
});

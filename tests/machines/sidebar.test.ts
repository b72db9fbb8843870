import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { sidebarMachine, type SidebarEvent } from '../../machines/sidebar';

describe('sidebar machine', () => {
  it.each([
    [1280, 'open'],
    [769, 'open'],
    [768, 'closed'],
    [375, 'closed'],
  ])('at %i px it starts %s', (windowWidth, expected) => {
    expect(createActor(sidebarMachine, { input: { windowWidth } }).start().getSnapshot().value).toBe(expected);
  });

  it('the menu button toggles it; navigation closes it only on narrow windows', () => {
    const actor = createActor(sidebarMachine, { input: { windowWidth: 1280 } }).start();
    actor.send({ type: 'NAVIGATED', windowWidth: 1280 });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'NAVIGATED', windowWidth: 500 });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'TOGGLE' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'TOGGLE' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('graph: both states are reachable from either start', () => {
    const events: SidebarEvent[] = [{ type: 'TOGGLE' }, { type: 'CLOSE' }, { type: 'NAVIGATED', windowWidth: 375 }];
    for (const windowWidth of [375, 1280]) {
      const values = new Set(
        getShortestPaths(sidebarMachine, { input: { windowWidth }, events }).map((p) => String(p.state.value)),
      );
      expect([...values].sort()).toEqual(['closed', 'open']);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { orgListMachine, type OrgListEvent } from '../../machines/orgList';
import { filterOnKeyUp } from '../../machines/orgListFilter';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const NAMES = ['آموزشگاه ICDL تهران', 'آموزشگاه icdl کرج', 'کارگاه نوین تهران', 'هنرستان فردوسی'];

describe('filter rules (spec §4)', () => {
  it('an empty box returns the full list', () => {
    expect(filterOnKeyUp(NAMES, ['x'], '')).toEqual(NAMES);
  });
  it('a single character leaves the list unchanged', () => {
    const shown = ['کارگاه نوین تهران'];
    expect(filterOnKeyUp(NAMES, shown, 'آ')).toBe(shown);
  });
  it('two or more characters narrow the full list to names containing the text', () => {
    expect(filterOnKeyUp(NAMES, [], 'تهران')).toEqual(['آموزشگاه ICDL تهران', 'کارگاه نوین تهران']);
    // Filtering starts from the full copy, not from what is shown.
    expect(filterOnKeyUp(NAMES, ['هنرستان فردوسی'], 'کارگاه')).toEqual(['کارگاه نوین تهران']);
  });
  it('is case-sensitive', () => {
    expect(filterOnKeyUp(NAMES, [], 'ICDL')).toEqual(['آموزشگاه ICDL تهران']);
    expect(filterOnKeyUp(NAMES, [], 'icdl')).toEqual(['آموزشگاه icdl کرج']);
  });
  it('matches Arabic letter variants and every digit script (the shared folding rule)', () => {
    const names = ['مرکز کیش ۱۲', 'مرکز تهران ۳'];
    expect(filterOnKeyUp(names, [], 'كيش')).toEqual(['مرکز کیش ۱۲']);
    expect(filterOnKeyUp(names, [], 'کیش 12')).toEqual(['مرکز کیش ۱۲']);
    expect(filterOnKeyUp(names, [], 'تهران ٣')).toEqual(['مرکز تهران ۳']);
    expect(filterOnKeyUp(names, [], 'مركز')).toEqual(names);
  });
});

function start(load: () => Promise<string[]>) {
  let calls = 0;
  const machine = orgListMachine.provide({ actors: { loadNames: fromPromise(() => (calls++, load())) } });
  const actor = createActor(machine, { input: { typeId: 'T', ostan: 'Tehran' } }).start();
  return { actor, calls: () => calls };
}

describe('orgList machine by example', () => {
  it('loads once and filters on key release', async () => {
    const { actor, calls } = start(async () => NAMES);
    await waitFor(actor, (s) => s.matches('ready'));
    for (const text of ['ت', 'تهران', 'تهرا', '', 'ICDL']) actor.send({ type: 'KEY_UP', text });
    expect(actor.getSnapshot().context.shown).toEqual(['آموزشگاه ICDL تهران']);
    expect(actor.getSnapshot().context.all).toEqual(NAMES);
    expect(calls()).toBe(1);
  });

  it('a failure shows with a retry', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw new Error('down');
      return NAMES;
    });
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.shown).toEqual(NAMES);
  });
});

describe('orgList machine graph', () => {
  const events = [
    { type: 'KEY_UP', text: '' },
    { type: 'KEY_UP', text: 'ت' },
    { type: 'KEY_UP', text: 'تهران' },
    { type: 'KEY_UP', text: 'ICDL' },
    { type: 'KEY_UP', text: 'icdl' },
    { type: 'RETRY' },
    { type: 'xstate.done.actor.loadNames', output: NAMES },
    { type: 'xstate.error.actor.loadNames', error: new Error('x') },
  ] as unknown as OrgListEvent[];
  const paths = getShortestPaths(orgListMachine, {
    input: { typeId: 'T', ostan: 'All' },
    events,
    serializeState: (s) => JSON.stringify([s.value, s.context.text, s.context.shown]),
  });

  it('reaches every state', () => {
    expect([...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort()).toEqual(leafStateIds(orgListMachine));
  });

  it('on every path the shown list obeys the filter rules for the last text typed', () => {
    for (const { state } of paths) {
      const { all, shown, text } = state.context;
      if (text.length >= 2) expect(shown).toEqual(all.filter((n) => n.includes(text)));
      if (text === '') expect(shown).toEqual(all);
      expect(shown.every((n) => all.includes(n))).toBe(true);
    }
  });
});

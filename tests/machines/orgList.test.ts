import { describe, expect, it, vi } from 'vitest';
import { NOT_ON_MAP, requestFailure } from '../../domain/requestFailure';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  ARRIVING_UPDATE_MS,
  namesLoader,
  orgListMachine,
  type NamesSource,
  type OrgListEvent,
} from '../../machines/orgList';
import { filterOnKeyUp } from '../../machines/orgListFilter';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const NAMES = ['آموزشگاه ICDL تهران', 'آموزشگاه icdl کرج', 'کارگاه نوین تهران', 'هنرستان فردوسی'];

describe('filter rules', () => {
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
  it('reads a text with its «و» left out as the name search does, only where nothing contains it as typed', () => {
    const names = ['مرکز آموزش فنی و حرفه‌ای تبریز', 'مرکز فنی حرفه ای کرج'];
    expect(filterOnKeyUp(names.slice(0, 1), [], 'فنی حرفه')).toEqual(['مرکز آموزش فنی و حرفه‌ای تبریز']);
    expect(filterOnKeyUp(names, [], 'فنی حرفه')).toEqual(['مرکز فنی حرفه ای کرج']);
  });
  it('matches Arabic letter variants and every digit script (the shared folding rule)', () => {
    const names = ['مرکز کیش ۱۲', 'مرکز تهران ۳'];
    expect(filterOnKeyUp(names, [], 'كيش')).toEqual(['مرکز کیش ۱۲']);
    expect(filterOnKeyUp(names, [], 'کیش 12')).toEqual(['مرکز کیش ۱۲']);
    expect(filterOnKeyUp(names, [], 'تهران ٣')).toEqual(['مرکز تهران ۳']);
    expect(filterOnKeyUp(names, [], 'مركز')).toEqual(names);
  });
});

/** A source handing the whole list over in one run once `load` resolves. */
function wholeList(load: () => Promise<string[]>): NamesSource {
  return (_input, onNames) => ({ done: load().then(onNames), stop: () => undefined });
}

function start(load: () => Promise<string[]>) {
  let calls = 0;
  const machine = orgListMachine.provide({ actors: { loadNames: namesLoader(wholeList(() => (calls++, load()))) } });
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
      if (fail) throw requestFailure('http', 503, 'unavailable');
      return NAMES;
    });
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.shown).toEqual(NAMES);
  });
});

/** A source the test feeds run by run, as a long list arrives over a slow link. */
function arrivingList() {
  const fed: {
    onNames?: (names: string[]) => void;
    end?: () => void;
    fail?: (error: unknown) => void;
    stopped: boolean;
  } = { stopped: false };
  const source: NamesSource = (_input, onNames) => ({
    done: new Promise<void>((resolve, reject) => Object.assign(fed, { onNames, end: resolve, fail: reject })),
    stop: () => (fed.stopped = true),
  });
  const actor = createActor(orgListMachine.provide({ actors: { loadNames: namesLoader(source) } }), {
    input: { typeId: 'T', ostan: 'All' },
  }).start();
  return { actor, fed };
}

describe('a long list shown while it arrives', () => {
  it('shows the first run at once, the filter waiting for the whole list', async () => {
    vi.useFakeTimers();
    try {
      const { actor, fed } = arrivingList();
      expect(actor.getSnapshot().matches({ loading: 'waiting' })).toBe(true);
      fed.onNames!(NAMES.slice(0, 2));
      expect(actor.getSnapshot().matches({ loading: 'arriving' })).toBe(true);
      expect(actor.getSnapshot().context.shown).toEqual(NAMES.slice(0, 2));
      expect(actor.getSnapshot().can({ type: 'KEY_UP', text: 'تهران' })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'OPEN_NAME', name: NAMES[0]! })).toBe(false);
      // Runs close together are gathered, not each copied into the rows.
      fed.onNames!(NAMES.slice(2, 3));
      expect(actor.getSnapshot().context.shown).toHaveLength(2);
      vi.advanceTimersByTime(ARRIVING_UPDATE_MS);
      fed.onNames!(NAMES.slice(3));
      expect(actor.getSnapshot().context.shown).toEqual(NAMES);
      fed.end!();
      await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
      expect(actor.getSnapshot().context.all).toEqual(NAMES);
      expect(actor.getSnapshot().can({ type: 'KEY_UP', text: 'تهران' })).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a list cut off midway fails with a retry that starts it afresh', async () => {
    const { actor, fed } = arrivingList();
    fed.onNames!(NAMES.slice(0, 2));
    fed.fail!(requestFailure('network'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual(requestFailure('network'));
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().matches({ loading: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.shown).toEqual([]);
  });

  it('closing the dialog stops the reading', () => {
    const { actor, fed } = arrivingList();
    fed.onNames!(NAMES.slice(0, 1));
    actor.stop();
    expect(fed.stopped).toBe(true);
  });
});

describe('opening a listed name on the map', () => {
  it('looks the name up and announces where it is', async () => {
    const machine = orgListMachine.provide({
      actors: {
        loadNames: namesLoader(wholeList(async () => NAMES)),
        findLocation: fromPromise(async ({ input }) => ({ guid: input.name, lat: 35, lon: 51 })),
      },
    });
    const actor = createActor(machine, { input: { typeId: 'T', ostan: 'Tehran' } }).start();
    const located: string[] = [];
    actor.on('located', (event) => located.push(event.place.guid));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'OPEN_NAME', name: NAMES[2]! })).toBe(true);
    actor.send({ type: 'OPEN_NAME', name: NAMES[2]! });
    await waitFor(actor, (s) => s.matches({ ready: 'browsing' }));
    expect(located).toEqual([NAMES[2]]);
  });

  it('says why when the name cannot be found', async () => {
    const machine = orgListMachine.provide({
      actors: {
        loadNames: namesLoader(wholeList(async () => NAMES)),
        findLocation: fromPromise(() => Promise.reject(requestFailure('http', 404, NOT_ON_MAP))),
      },
    });
    const actor = createActor(machine, { input: { typeId: 'T', ostan: 'Tehran' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'OPEN_NAME', name: NAMES[0]! });
    await waitFor(actor, (s) => s.context.openError !== null);
    expect(actor.getSnapshot().context.openError).toEqual(requestFailure('http', 404, NOT_ON_MAP));
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
    { type: 'OPEN_NAME', name: NAMES[0] },
    { type: 'xstate.done.actor.findLocation', output: { guid: 'G', lat: 35, lon: 51 } },
    { type: 'xstate.error.actor.findLocation', error: new Error('not found') },
    { type: 'NAMES_ARRIVING', names: NAMES.slice(0, 2) },
    { type: 'NAMES_LOADED', names: NAMES },
    { type: 'NAMES_FAILED', message: 'x' },
    { type: 'xstate.error.actor.loadNames', error: new Error('x') },
  ] as unknown as OrgListEvent[];
  const paths = getShortestPaths(orgListMachine, {
    input: { typeId: 'T', ostan: 'All' },
    events,
    serializeState: (s) => JSON.stringify([s.value, s.context.text, s.context.shown]),
  });

  it('reaches every state', () => {
    expect([...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort()).toEqual(
      leafStateIds(orgListMachine),
    );
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

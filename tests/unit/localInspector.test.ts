/**
 * The local inspector's parts (src/inspect/local/): its log of a real actor's life, a real machine's outline,
 * and values made readable whatever they hold.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { coverageMachine, DEFAULT_COVERAGE_KM } from '../../machines/coverage';
import { NO_FILTERS } from '../../domain/filters';
import type { CoverageAnswer } from '../../domain/coverage';
import { createInspectionLog } from '../../src/inspect/local/inspectionLog';
import { activePaths, machineOutline } from '../../src/inspect/local/machineOutline';
import { preview } from '../../src/inspect/local/preview';

/** The log tells its listeners at once here (in the page, once a frame). */
const inlineLog = (limit?: number) => createInspectionLog({ limit, schedule: (notify) => notify(), now: () => 0 });

function coverageActor(inspect: (event: InspectionEvent) => void, answer: Promise<CoverageAnswer>) {
  return createActor(coverageMachine.provide({ actors: { load: fromPromise(() => answer) } }), {
    input: { scope: { typeId: 'T', km: DEFAULT_COVERAGE_KM, filters: NO_FILTERS } },
    inspect,
  });
}

describe('the inspection log', () => {
  it('lists each actor with its state value and context, and the events it received', async () => {
    const log = inlineLog();
    let heard = 0;
    log.subscribe(() => (heard += 1));
    let fail!: (error: Error) => void;
    const actor = coverageActor(log.inspect, new Promise((_, reject) => (fail = reject)));
    actor.start();
    const coverage = log.getState().actors.find((a) => a.id === 'coverage');
    expect(coverage).toMatchObject({ status: 'active', value: 'loading' });
    expect(coverage?.machine?.id).toBe('coverage');
    // The loader it invoked is an actor too, with no machine of its own.
    expect(log.getState().actors.find((a) => a.id === 'load')).toMatchObject({ machine: null });

    fail(new Error('down'));
    await expect.poll(() => log.getState().actors.find((a) => a.id === 'coverage')?.value).toBe('failed');
    actor.send({ type: 'SCOPE_CHANGED', scope: { km: 10 } });
    const state = log.getState();
    expect(state.actors.find((a) => a.id === 'coverage')).toMatchObject({
      value: 'loading',
      context: { scope: { km: 10 } },
    });
    expect(state.events.map((e) => `${e.type}→${e.target}`)).toContain('SCOPE_CHANGED→coverage');
    expect(heard).toBeGreaterThan(0);

    actor.stop();
    expect(log.getState().actors.find((a) => a.id === 'coverage')?.status).toBe('stopped');
  });

  it('keeps the latest events past its limit, and can be cleared', () => {
    // Each distance asks again: a SCOPE_CHANGED, then the new loader's start.
    const log = inlineLog(6);
    const actor = coverageActor(log.inspect, new Promise(() => {}));
    actor.start();
    for (const km of [10, 25, 50, 100, 10]) actor.send({ type: 'SCOPE_CHANGED', scope: { km } });
    const kms = log
      .getState()
      .events.filter((e) => e.type === 'SCOPE_CHANGED')
      .map((e) => (e.event as { scope: { km: number } }).scope.km);
    expect(kms).toEqual([50, 100, 10]);
    log.clearEvents();
    expect(log.getState().events).toEqual([]);
    actor.stop();
  });
});

describe("a machine's outline", () => {
  it('has its states, their kinds and initial children, the events each answers, with guards and targets', () => {
    const outline = machineOutline(coverageMachine);
    expect(outline).toMatchObject({ path: '', kind: 'compound', initial: 'deciding' });
    expect(outline.children.map((s) => s.key)).toEqual(['deciding', 'waiting', 'loading', 'shown', 'failed']);
    expect(outline.transitions).toContainEqual({ event: 'SCOPE_CHANGED', targets: ['deciding'], guard: 'otherScope' });
    const failed = outline.children.find((s) => s.key === 'failed')!;
    expect(failed.transitions).toEqual([{ event: 'RETRY', targets: ['loading'], guard: null }]);
    expect(outline.children.find((s) => s.key === 'loading')!.invokes).toEqual(['load']);
  });

  it('marks nested states active by their paths', () => {
    expect(activePaths('loading')).toEqual(['loading']);
    expect(activePaths({ open: { list: 'shown' }, panel: 'closed' })).toEqual([
      'open',
      'open.list',
      'open.list.shown',
      'panel',
      'panel.closed',
    ]);
  });
});

describe('a value made readable', () => {
  it('names actors, counts long and typed arrays, stops at cycles, and stays short', () => {
    const context: Record<string, unknown> = {
      child: { sessionId: 'x:1', id: 'loader', send: () => {} },
      points: new Float32Array(1000),
      list: Array.from({ length: 30 }, (_, i) => i),
    };
    context['self'] = context;
    const text = preview(context);
    expect(text).toContain('[actor loader]');
    expect(text).toContain('[Float32Array, 4000 bytes]');
    expect(text).toContain('… 18 more');
    expect(text).toContain('[seen above]');
    expect(preview({ long: 'x'.repeat(10_000) }).length).toBeLessThan(6_100);
  });
});

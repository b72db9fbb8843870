/** Drawing an area: vertices that would cross are refused, finishing needs a usable ring, the answer follows filters. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { AREA_MAX_VERTICES } from '../../domain/area';
import type { AreaAnswer } from '../../domain/wire/answers';
import { NO_FILTERS } from '../../domain/filters';
import { areaMachine, type AreaScope } from '../../machines/area';
import { areaDrawingMachine, type AreaDrawingEvent } from '../../machines/areaDrawing';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const ANSWER: AreaAnswer = { Count: 1, ByGender: [], Names: ['الف'] };
const SQUARE: [number, number][] = [
  [51, 35],
  [52, 35],
  [52, 36],
  [51, 36],
];

function drawing(asked: AreaScope[] = []) {
  const machine = areaDrawingMachine.provide({
    actors: {
      area: areaMachine.provide({
        actors: { load: fromPromise(async ({ input }) => (asked.push(input), ANSWER)) },
      }),
    },
  });
  const actor = createActor(machine, { input: { typeId: 'A', label: 'drawn' } }).start();
  actor.send({ type: 'START' });
  return actor;
}

const add = (actor: { send(e: AreaDrawingEvent): void }, [lon, lat]: [number, number]) =>
  actor.send({ type: 'ADD_VERTEX', lon, lat });

describe('area drawing machine', () => {
  it('finishes a square and asks for what is inside it, then again under other filters', async () => {
    const asked: AreaScope[] = [];
    const actor = drawing(asked);
    SQUARE.forEach((v) => add(actor, v));
    add(actor, SQUARE[3]!); // the double click's second click
    expect(actor.getSnapshot().context.vertices).toEqual(SQUARE);
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    const area = actor.getSnapshot().children['area'] as ActorRefFrom<typeof areaMachine>;
    await waitFor(area, (s) => s.matches('shown'));
    const women = { ...NO_FILTERS, gender: ['زنانه'] };
    actor.send({ type: 'FILTERS_CHANGED', filters: women });
    await waitFor(area, (s) => s.matches('shown') && s.context.scope.filters === women);
    expect(asked.map((a) => [a.area?.ring, a.filters])).toEqual([
      [SQUARE, NO_FILTERS],
      [SQUARE, women],
    ]);
  });

  it('refuses a vertex whose edge would cross the path, and a finish before three vertices', () => {
    const actor = drawing();
    add(actor, SQUARE[0]!);
    add(actor, SQUARE[1]!);
    expect(actor.getSnapshot().can({ type: 'FINISH' })).toBe(true);
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().matches('drawing')).toBe(true);
    expect(actor.getSnapshot().context.refusal).toBe('few');
    // A Z: its open path does not cross, but closing it would cut the diagonal.
    add(actor, SQUARE[3]!);
    add(actor, SQUARE[2]!);
    expect(actor.getSnapshot().context.refusal).toBeNull();
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().context.refusal).toBe('crosses');
    actor.send({ type: 'UNDO' });
    actor.send({ type: 'UNDO' });
    add(actor, SQUARE[2]!);
    add(actor, [51.5, 34]); // back down through the first edge
    expect(actor.getSnapshot().context.refusal).toBe('crosses');
    expect(actor.getSnapshot().context.vertices).toEqual(SQUARE.slice(0, 3));
  });

  it('takes at most the API limit of vertices', () => {
    const actor = drawing();
    // A spiral-free arc: vertices on a circle never cross.
    for (let i = 0; i <= AREA_MAX_VERTICES; i++) {
      const angle = (Math.PI * i) / (AREA_MAX_VERTICES + 1);
      add(actor, [52 + Math.cos(angle), 33 + Math.sin(angle)]);
    }
    expect(actor.getSnapshot().context.vertices).toHaveLength(AREA_MAX_VERTICES);
    expect(actor.getSnapshot().context.refusal).toBe('many');
  });

  it('cancels from any state back to idle, and redraws from a finished area', () => {
    const actor = drawing();
    SQUARE.forEach((v) => add(actor, v));
    actor.send({ type: 'FINISH' });
    actor.send({ type: 'REDRAW' });
    expect(actor.getSnapshot().matches('drawing')).toBe(true);
    expect(actor.getSnapshot().context.vertices).toEqual([]);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('opens on a ring given whole (a linked area), and refuses one that crosses itself', () => {
    const actor = createActor(areaDrawingMachine, { input: { typeId: 'A', label: 'drawn' } }).start();
    const bowTie: [number, number][] = [SQUARE[0]!, SQUARE[2]!, SQUARE[1]!, SQUARE[3]!];
    expect(actor.getSnapshot().can({ type: 'SHOW_RING', vertices: bowTie })).toBe(false);
    actor.send({ type: 'SHOW_RING', vertices: SQUARE });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context.vertices).toEqual(SQUARE);
    actor.stop();
  });

  it('reaches every state', () => {
    const events: AreaDrawingEvent[] = [
      { type: 'START' },
      ...SQUARE.map(([lon, lat]) => ({ type: 'ADD_VERTEX' as const, lon, lat })),
      { type: 'FINISH' },
      { type: 'REDRAW' },
      { type: 'CANCEL' },
    ];
    const paths = getShortestPaths(areaDrawingMachine, {
      input: { typeId: 'A', label: 'drawn' },
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context.vertices.length]),
    });
    const reached = [...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort();
    expect(reached).toEqual(leafStateIds(areaDrawingMachine));
  });
});

/**
 * Drawing an area on the map: each click (or "add the map's centre", for the keyboard) adds a vertex; a vertex
 * whose edge would cross the path drawn so far is refused with the reason; finishing needs a ring the server
 * accepts (3 to AREA_MAX_VERTICES vertices, not crossing itself). A finished ring is handed to an area machine,
 * invoked as a child, which asks what lies inside under the filters in force and keeps asking when they change.
 */
import { assertEvent, assign, sendTo, setup } from 'xstate';
import { AREA_MAX_VERTICES, pathCrosses, ringFault, type RingFault } from '../domain/area';
import { NO_FILTERS, type Filters } from '../domain/filters';
import { areaMachine, type ChosenArea } from './area';

type Vertex = [number, number];

export interface AreaDrawingContext {
  typeId: string;
  filters: Filters;
  /** Longitude, latitude of each vertex, in drawing order. */
  vertices: Vertex[];
  /** Why the last vertex or finish was refused (cleared by the next accepted step). */
  refusal: RingFault['kind'] | null;
  /** What the finished area is called in the answer's sentence. */
  label: string;
}

export type AreaDrawingEvent =
  | { type: 'START' }
  | { type: 'ADD_VERTEX'; lon: number; lat: number }
  | { type: 'UNDO' }
  | { type: 'FINISH' }
  | { type: 'CANCEL' }
  | { type: 'REDRAW' }
  /** A finished ring given whole (an address naming a drawn area). */
  | { type: 'SHOW_RING'; vertices: Vertex[] }
  | { type: 'FILTERS_CHANGED'; filters: Filters };

const withVertex = (vertices: Vertex[], lon: number, lat: number): Vertex[] => [...vertices, [lon, lat]];

export const areaDrawingMachine = setup({
  types: {
    context: {} as AreaDrawingContext,
    events: {} as AreaDrawingEvent,
    input: {} as { typeId: string; filters?: Filters; label: string },
  },
  actors: { area: areaMachine },
  guards: {
    vertexCrosses: ({ context, event }) => {
      assertEvent(event, 'ADD_VERTEX');
      return pathCrosses(withVertex(context.vertices, event.lon, event.lat));
    },
    full: ({ context }) => context.vertices.length >= AREA_MAX_VERTICES,
    // A double click lands two clicks on one spot: the second adds nothing.
    repeatsLast: ({ context, event }) => {
      assertEvent(event, 'ADD_VERTEX');
      const last = context.vertices[context.vertices.length - 1];
      return last !== undefined && last[0] === event.lon && last[1] === event.lat;
    },
    ringUsable: ({ context }) => ringFault(context.vertices) === null,
    hasVertices: ({ context }) => context.vertices.length > 0,
  },
}).createMachine({
  id: 'areaDrawing',
  context: ({ input }) => ({
    typeId: input.typeId,
    filters: input.filters ?? NO_FILTERS,
    vertices: [],
    refusal: null,
    label: input.label,
  }),
  initial: 'idle',
  on: {
    FILTERS_CHANGED: { actions: assign({ filters: ({ event }) => event.filters }) },
  },
  states: {
    idle: {
      on: {
        START: { target: 'drawing', actions: assign({ vertices: [], refusal: null }) },
        SHOW_RING: {
          guard: ({ event }) => ringFault(event.vertices) === null,
          target: 'closed',
          actions: assign({ vertices: ({ event }) => event.vertices, refusal: null }),
        },
      },
    },
    drawing: {
      on: {
        ADD_VERTEX: [
          { guard: 'repeatsLast' },
          { guard: 'full', actions: assign({ refusal: 'many' }) },
          { guard: 'vertexCrosses', actions: assign({ refusal: 'crosses' }) },
          {
            actions: assign({
              vertices: ({ context, event }) => withVertex(context.vertices, event.lon, event.lat),
              refusal: null,
            }),
          },
        ],
        UNDO: {
          guard: 'hasVertices',
          actions: assign({ vertices: ({ context }) => context.vertices.slice(0, -1), refusal: null }),
        },
        FINISH: [
          { guard: 'ringUsable', target: 'closed', actions: assign({ refusal: null }) },
          { actions: assign({ refusal: ({ context }) => ringFault(context.vertices)?.kind ?? null }) },
        ],
        CANCEL: { target: 'idle', actions: assign({ vertices: [], refusal: null }) },
      },
    },
    closed: {
      invoke: {
        id: 'area',
        src: 'area',
        input: ({ context }) => ({
          scope: {
            typeId: context.typeId,
            filters: context.filters,
            area: { label: context.label, ring: context.vertices } satisfies ChosenArea,
          },
        }),
      },
      on: {
        FILTERS_CHANGED: {
          actions: [
            assign({ filters: ({ event }) => event.filters }),
            sendTo('area', ({ event }) => ({ type: 'SCOPE_CHANGED', scope: { filters: event.filters } }) as const),
          ],
        },
        REDRAW: { target: 'drawing', actions: assign({ vertices: [], refusal: null }) },
        CANCEL: { target: 'idle', actions: assign({ vertices: [], refusal: null }) },
      },
    },
  },
});

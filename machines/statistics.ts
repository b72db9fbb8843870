/**
 * The statistics tab. While chart data loads the charts are hidden; a failure
 * shows with a retry (the spec left it unhandled). The selected province starts as All. Beyond the spec
 * (whose dropdown only logged): choosing a province refetches the pie and highlights the province.
 * Clicking a map region selects that region's (English) name; clicking a column finds the province by its
 * Persian name and uses its English name; either then opens the org-location list dialog.
 */
import { assign, setup } from 'xstate';
import { NO_FILTERS, sameFilters, type Filters } from '../domain/filters';
import { ALL_PROVINCES, type ChartRow, type PiePoint } from '../domain/gateway';
import { foldText } from '../domain/text';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';
import { toBeProvided } from './toBeProvided';

export interface ProvinceOption {
  /** English name: what the province-scoped calls take. */
  value: string;
  /** Persian name: what the user reads. */
  label: string;
}

export interface StatisticsData {
  rows: ChartRow[];
  provinces: ProvinceOption[];
  /** When the dataset was last updated (ISO 8601); null where the gateway does not say. */
  updatedAt: string | null;
}

export interface StatisticsContext extends StatisticsData {
  typeId: string;
  /** Every figure counts only the locations that pass these. */
  filters: Filters;
  selected: string;
  pie: PiePoint[];
  listOstan: string | null;
  error: RequestFailure | null;
  pieError: RequestFailure | null;
}

export type StatisticsEvent =
  | { type: 'RETRY' }
  | { type: 'RETRY_PIE' }
  /** Counted again under other filters; the selected province stays. */
  | { type: 'FILTERS_CHANGED'; filters: Filters }
  | { type: 'SELECT_PROVINCE'; ostan: string }
  | { type: 'REGION_CLICKED'; enName: string }
  | { type: 'COLUMN_CLICKED'; faName: string }
  | { type: 'OPEN_LIST' }
  | { type: 'CLOSE_LIST' };

export function provinceForColumn(provinces: readonly ProvinceOption[], faName: string): ProvinceOption | undefined {
  const wanted = foldText(faName);
  return provinces.find((p) => foldText(p.label) === wanted);
}

export function totalCount(rows: readonly ChartRow[]): number {
  return rows.reduce((sum, row) => sum + row.Count, 0);
}

export const statisticsMachine = setup({
  types: {
    context: {} as StatisticsContext,
    events: {} as StatisticsEvent,
    input: {} as { typeId: string; filters?: Filters },
  },
  actors: {
    loadStatistics: toBeProvided<StatisticsData, { typeId: string; filters: Filters }>('loadStatistics'),
    loadPie: toBeProvided<PiePoint[], { typeId: string; ostan: string; filters: Filters }>('loadPie'),
  },
  guards: {
    otherFilters: ({ context, event }) =>
      event.type === 'FILTERS_CHANGED' && !sameFilters(context.filters, event.filters),
    knownRegion: ({ context, event }) =>
      event.type === 'REGION_CLICKED' && context.provinces.some((p) => p.value === event.enName),
    knownColumn: ({ context, event }) =>
      event.type === 'COLUMN_CLICKED' && provinceForColumn(context.provinces, event.faName) !== undefined,
    knownSelection: ({ context, event }) =>
      event.type === 'SELECT_PROVINCE' &&
      (event.ostan === ALL_PROVINCES || context.provinces.some((p) => p.value === event.ostan)),
  },
}).createMachine({
  id: 'statistics',
  context: ({ input }) => ({
    typeId: input.typeId,
    filters: input.filters ?? NO_FILTERS,
    rows: [],
    provinces: [],
    updatedAt: null,
    selected: ALL_PROVINCES,
    pie: [],
    listOstan: null,
    error: null,
    pieError: null,
  }),
  initial: 'loading',
  on: {
    FILTERS_CHANGED: {
      guard: 'otherFilters',
      target: '.loading',
      reenter: true,
      actions: assign({ filters: ({ event }) => event.filters, listOstan: null }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadStatistics',
        src: 'loadStatistics',
        input: ({ context }) => ({ typeId: context.typeId, filters: context.filters }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            rows: event.output.rows,
            provinces: event.output.provinces,
            updatedAt: event.output.updatedAt,
            error: null,
          })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        pie: {
          initial: 'loading',
          on: {
            SELECT_PROVINCE: {
              guard: 'knownSelection',
              target: '.loading',
              actions: assign({ selected: ({ event }) => event.ostan }),
            },
            REGION_CLICKED: {
              guard: 'knownRegion',
              target: '.loading',
              actions: assign({ selected: ({ event }) => event.enName }),
            },
            COLUMN_CLICKED: {
              guard: 'knownColumn',
              target: '.loading',
              actions: assign({
                selected: ({ context, event }) => provinceForColumn(context.provinces, event.faName)!.value,
              }),
            },
          },
          states: {
            loading: {
              invoke: {
                id: 'loadPie',
                src: 'loadPie',
                input: ({ context }) => ({ typeId: context.typeId, ostan: context.selected, filters: context.filters }),
                onDone: { target: 'shown', actions: assign({ pie: ({ event }) => event.output, pieError: null }) },
                onError: { target: 'failed', actions: assign({ pieError: ({ event }) => failureOfEvent(event) }) },
              },
            },
            shown: {},
            failed: { on: { RETRY_PIE: 'loading' } },
          },
        },
        list: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                // Beyond the spec: a keyboard-reachable way to the list, for the province selected in the dropdown.
                OPEN_LIST: { target: 'open', actions: assign({ listOstan: ({ context }) => context.selected }) },
                REGION_CLICKED: {
                  guard: 'knownRegion',
                  target: 'open',
                  actions: assign({ listOstan: ({ event }) => event.enName }),
                },
                COLUMN_CLICKED: {
                  guard: 'knownColumn',
                  target: 'open',
                  actions: assign({
                    listOstan: ({ context, event }) => provinceForColumn(context.provinces, event.faName)!.value,
                  }),
                },
              },
            },
            open: { on: { CLOSE_LIST: { target: 'closed', actions: assign({ listOstan: null }) } } },
          },
        },
      },
    },
  },
});

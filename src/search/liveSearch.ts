/** The search machine wired to the real calls of src/api: places, trades and locations. */
import { fromPromise } from 'xstate';
import type { Filters } from '../../domain/filters';
import { searchMachine } from '../../machines/search';
import { typeById } from '../../domain/locationTypes';
import { fetchPlaces, fetchTrades, fetchTradesAcrossTypes, searchLocations } from '../api/gateway';

/** Where the visitor is: the map's type and the centre of its view (null before either is known), and the filters. */
export interface SearchScope {
  typeId: string | null;
  centre: { lat: number; lon: number } | null;
  filters: Filters;
}

/**
 * Places and locations by name: the shown type's locations first, nearer to the view first among equals, with
 * the count of all matches.
 */
export function liveSearchMachine(scope: () => SearchScope) {
  return searchMachine.provide({
    actors: {
      search: fromPromise(async ({ input, signal }) => {
        const { typeId, centre, filters } = scope();
        const [places, trades, locations] = await Promise.all([
          fetchPlaces(input.query, signal),
          // What the page's type teaches: "خیاطی" finds the trade, then its nearest from the visitor or a town. A
          // type that teaches nothing (the main offices, on the landing page) looks in every type that teaches.
          typeId === null
            ? []
            : typeById(typeId)?.teaches === false
              ? fetchTradesAcrossTypes(input.query, filters, signal)
              : fetchTrades(typeId, input.query, filters, signal),
          searchLocations(
            input.query,
            { prefer: typeId ?? undefined, near: centre ?? undefined, limit: input.limit, count: true, filters },
            signal,
          ),
        ]);
        return { places, trades, ...locations };
      }),
    },
  });
}

/** The search machine wired to the real calls of src/api: places and locations. */
import { fromPromise } from 'xstate';
import { searchMachine } from '../../machines/search';
import { fetchPlaces, searchLocations } from '../api/gateway';

/** Places and locations by name; locations nearer to `near()` (the map's view) first among equals. */
export function liveSearchMachine(near: () => { lat: number; lon: number } | null) {
  return searchMachine.provide({
    actors: {
      search: fromPromise(async ({ input, signal }) => {
        const centre = near();
        const [places, results] = await Promise.all([
          fetchPlaces(input.query, signal),
          searchLocations(input.query, centre ? { near: centre } : {}, signal),
        ]);
        return { places, results };
      }),
    },
  });
}

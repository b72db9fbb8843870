/** The search machine wired to the real search call of src/api. */
import { fromPromise } from 'xstate';
import { searchMachine } from '../../machines/search';
import { searchLocations } from '../api/gateway';

export const liveSearchMachine = searchMachine.provide({
  actors: {
    search: fromPromise(({ input, signal }) => searchLocations(input.query, {}, signal)),
  },
});

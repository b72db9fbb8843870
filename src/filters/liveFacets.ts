/** The facets machine wired to the real call of src/api. */
import { fromPromise } from 'xstate';
import { facetsMachine } from '../../machines/facets';
import { fetchFacets } from '../api/gateway';

export const liveFacetsMachine = facetsMachine.provide({
  actors: {
    load: fromPromise(({ input, signal }) => fetchFacets(input.typeId, input.ostan, input.filters, signal)),
  },
});

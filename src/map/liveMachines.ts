/** The map machines wired to the real gateway calls of src/api. */
import { fromPromise } from 'xstate';
import { detailDialogMachine } from '../../machines/detailDialog';
import { mapDataMachine } from '../../machines/mapData';
import { nearMeMachine } from '../../machines/nearMe';
import { locateVisitor } from './geolocate';
import { fetchAllLocations, fetchClusters, fetchLocationDetail, fetchLocationsInView, fetchNearest, fetchUpdatedAt } from '../api/gateway';

export const liveMapDataMachine = mapDataMachine.provide({
  actors: {
    loadAll: fromPromise(({ input, signal }) => fetchAllLocations(input.typeId, signal)),
    loadMarkers: fromPromise(({ input, signal }) => fetchLocationsInView(input.typeId, input.bounds, signal)),
    loadClusters: fromPromise(({ input, signal }) => fetchClusters(input.typeId, input.bounds, input.zoom, signal)),
  },
});

export const liveDetailDialogMachine = detailDialogMachine.provide({
  actors: {
    loadDetail: fromPromise(async ({ input, signal }) => {
      const [detail, updatedAt] = await Promise.all([fetchLocationDetail(input.guid, signal), fetchUpdatedAt(signal)]);
      return { detail, updatedAt };
    }),
  },
});

export const liveNearMeMachine = nearMeMachine.provide({
  actors: {
    locate: fromPromise(() => locateVisitor()),
    loadNearest: fromPromise(({ input, signal }) => fetchNearest(input.typeId, input.position, signal)),
  },
});

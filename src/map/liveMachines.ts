/** The map machines wired to the real gateway calls of src/api. */
import { PROVINCE_BUBBLES_BELOW_ZOOM } from '../../domain/clustering';
import { fromPromise } from 'xstate';
import { coverageMachine } from '../../machines/coverage';
import { equityMachine } from '../../machines/equity';
import { suggestionMachine } from '../../machines/suggestion';
import { whatIfPlanMachine } from '../../machines/whatIfPlan';
import { askMachine } from '../../machines/ask';
import { detailDialogMachine, type MarkerRef } from '../../machines/detailDialog';
import { ApiRequestError } from '../api/http';
import { mapDataMachine } from '../../machines/mapData';
import { mapScreenMachine } from '../../machines/mapScreen';
import { searchMachine } from '../../machines/search';
import { nearMeMachine } from '../../machines/nearMe';
import { placeLabelsMachine } from '../../machines/placeLabels';
import { locateVisitor } from './geolocate';
import {
  fetchClusters,
  fetchProvinceBubbles,
  fetchCoverage,
  fetchEquity,
  fetchLocationDetail,
  fetchNearest,
  fetchNearestTeaching,
  fetchPlaces,
  fetchPlan,
  fetchSuggestion,
  fetchUpdatedAt,
  fetchAsk,
} from '../api/gateway';
import { NEAREST_LIMIT } from '../../domain/search';
import { fetchAllPoints, fetchPointLabels, fetchPointsInView } from '../api/points';

/** Coverage: the statistics' card and the map's layer of far places. */
export const liveCoverageMachine = coverageMachine.provide({
  actors: {
    load: fromPromise(({ input, signal }) => fetchCoverage(input.typeId, input.km, input.filters, signal)),
  },
});

/** Suggested sites: the statistics' card and the map's circles of the sites. */
export const liveSuggestionMachine = suggestionMachine.provide({
  actors: {
    load: fromPromise(({ input, signal }) =>
      fetchSuggestion(
        input.typeId,
        { km: input.km, n: input.n, objective: input.objective, province: input.province },
        input.filters,
        signal,
      ),
    ),
  },
});

/** A what-if plan: the statistics' card and the map's new and closed sites. */
export const liveWhatIfPlanMachine = whatIfPlanMachine.provide({
  actors: {
    load: fromPromise(({ input, signal }) =>
      fetchPlan(input.typeId, { km: input.km, add: input.add, close: input.close }, input.filters, signal),
    ),
  },
});

/** A question in everyday words: its answer beside the map (AskPanel.tsx), its places on it (NearestPins.tsx). */
export const liveAskMachine = askMachine.provide({
  actors: {
    load: fromPromise(({ input, signal }) => fetchAsk(input.question!, input.drop, input.position, signal)),
  },
});

/** Need against supply: the statistics' card and the map's county circles. */
export const liveEquityMachine = equityMachine.provide({
  actors: {
    load: fromPromise(({ input, signal }) => fetchEquity(input.typeId, input.level, input.km, input.filters, signal)),
  },
});

export const liveMapDataMachine = mapDataMachine.provide({
  actors: {
    loadAll: fromPromise(({ input, signal }) => fetchAllPoints(input.typeId, input.filters, signal)),
    loadMarkers: fromPromise(({ input, signal }) =>
      fetchPointsInView(input.typeId, input.bounds, input.zoom, input.filters, signal),
    ),
    // The whole country in view: a bubble per province, as the type's page and statistics count them.
    loadClusters: fromPromise(({ input, signal }) =>
      input.zoom < PROVINCE_BUBBLES_BELOW_ZOOM
        ? fetchProvinceBubbles(input.typeId, input.filters, signal)
        : fetchClusters(input.typeId, input.bounds, input.zoom, input.filters, signal),
    ),
  },
});

/** Looks up a marker's Guid (a 409 says its ids belong to data the server no longer has). */
const identifyMarker = fromPromise<string, MarkerRef>(async ({ input, signal }) => {
  const [label] = await fetchPointLabels(input.typeId, input.points, [input.index], signal);
  if (!label) throw new ApiRequestError('http', 404, 'unknown_location');
  return label.Guid;
});

export const liveDetailDialogMachine = detailDialogMachine.provide({
  actors: {
    identifyMarker,
    loadDetail: fromPromise(async ({ input, signal }) => {
      const [detail, updatedAt] = await Promise.all([fetchLocationDetail(input.guid, signal), fetchUpdatedAt(signal)]);
      return { detail, updatedAt };
    }),
  },
});

export const liveNearMeMachine = nearMeMachine.provide({
  actors: {
    locate: fromPromise(() => locateVisitor()),
    // The nearest of each type shown, merged by distance into one list of the usual length. Teaching a trade:
    // one request, however many types it spans (a slow link pays one round trip).
    loadNearest: fromPromise(async ({ input, signal }) => {
      if (input.trade !== null)
        return fetchNearestTeaching(input.trade, input.typeIds, input.position, input.filters, signal);
      const lists = await Promise.all(
        input.typeIds.map(async (typeId) =>
          (await fetchNearest(typeId, input.position, input.filters, signal)).map((r) => ({ ...r, TypeId: typeId })),
        ),
      );
      return lists
        .flat()
        .sort((a, b) => a.DistanceKm - b.DistanceKm)
        .slice(0, NEAREST_LIMIT.default);
    }),
  },
});

export const liveMapScreenMachine = mapScreenMachine.provide({
  actors: { mapData: liveMapDataMachine, detailDialog: liveDetailDialogMachine, nearMe: liveNearMeMachine },
});

export const livePlaceLabelsMachine = placeLabelsMachine.provide({
  actors: {
    loadLabels: fromPromise(async ({ input, signal }) => {
      const lists = await Promise.all(
        input.sets.map(async (set) =>
          (await fetchPointLabels(set.typeId, set.points, set.indexes, signal)).map((l) => ({
            ...l,
            TypeId: set.typeId,
          })),
        ),
      );
      return lists.flat();
    }),
  },
});

/** The search machine over places alone: "choose my town" in the near-me panel. */
export const livePlaceSearchMachine = searchMachine.provide({
  actors: {
    search: fromPromise(async ({ input, signal }) => ({
      places: await fetchPlaces(input.query, signal),
      trades: [],
      results: [],
      total: null,
    })),
  },
});

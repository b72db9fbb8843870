/** The statistics machines wired to the real gateway calls of src/api. */
import { fromPromise } from 'xstate';
import { namesLoader, orgListMachine } from '../../machines/orgList';
import { statisticsMachine } from '../../machines/statistics';
import { compareMachine } from '../../machines/compare';
import { ALL_PROVINCES } from '../../domain/gateway';
import { provinceByEnName } from '../../domain/provinces';
import { SEARCH_LIMIT } from '../../domain/search';
import {
  fetchChartData,
  fetchComparison,
  fetchPie,
  fetchProvinces,
  fetchUpdatedAt,
  searchLocations,
  streamOrgLocationNames,
} from '../api/gateway';
import { NOT_ON_MAP, requestFailure } from '../../domain/requestFailure';

export const liveStatisticsMachine = statisticsMachine.provide({
  actors: {
    loadStatistics: fromPromise(async ({ input, signal }) => {
      const [rows, tree, updatedAt] = await Promise.all([
        fetchChartData(input.typeId, input.filters, signal),
        fetchProvinces(signal),
        fetchUpdatedAt(signal),
      ]);
      return { rows, provinces: tree.map((node) => ({ value: node.EnName, label: node.Name })), updatedAt };
    }),
    loadPie: fromPromise(({ input, signal }) => fetchPie(input.typeId, input.ostan, input.filters, signal)),
  },
});

export const liveCompareMachine = compareMachine.provide({
  actors: {
    load: fromPromise(({ input, signal }) => fetchComparison(input.provinces, input.filters, signal)),
  },
});

export const liveOrgListMachine = orgListMachine.provide({
  actors: {
    loadNames: namesLoader((input, onNames) => {
      const controller = new AbortController();
      return {
        done: streamOrgLocationNames(input.typeId, input.ostan, input.filters, onNames, controller.signal),
        stop: () => controller.abort(),
      };
    }),
    // The gateway's list has names only: the name is found by search (a whole-name match ranks first) in its type and province.
    findLocation: fromPromise(async ({ input, signal }) => {
      const provinceFa = input.ostan === ALL_PROVINCES ? null : (provinceByEnName(input.ostan)?.name_fa ?? null);
      const { results } = await searchLocations(
        input.name,
        { typeId: input.typeId, limit: SEARCH_LIMIT.max, filters: input.filters },
        signal,
      );
      const match = results.find((r) => r.Name === input.name && (provinceFa === null || r.OstanName === provinceFa));
      if (!match) throw requestFailure('http', 404, NOT_ON_MAP);
      return { guid: match.Guid, lat: match.Lat, lon: match.Long };
    }),
  },
});

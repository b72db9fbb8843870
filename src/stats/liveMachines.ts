/** The statistics machines wired to the real gateway calls of src/api. */
import { fromPromise } from 'xstate';
import { orgListMachine } from '../../machines/orgList';
import { statisticsMachine } from '../../machines/statistics';
import { fetchChartData, fetchOrgLocationNames, fetchPie, fetchProvinces, fetchUpdatedAt } from '../api/gateway';

export const liveStatisticsMachine = statisticsMachine.provide({
  actors: {
    loadStatistics: fromPromise(async ({ input, signal }) => {
      const [rows, tree, updatedAt] = await Promise.all([fetchChartData(input.typeId, signal), fetchProvinces(signal), fetchUpdatedAt(signal)]);
      return { rows, provinces: tree.map((node) => ({ value: node.EnName, label: node.Name })), updatedAt };
    }),
    loadPie: fromPromise(({ input, signal }) => fetchPie(input.typeId, input.ostan, signal)),
  },
});

export const liveOrgListMachine = orgListMachine.provide({
  actors: { loadNames: fromPromise(({ input, signal }) => fetchOrgLocationNames(input.typeId, input.ostan, signal)) },
});

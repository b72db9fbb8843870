/** What the map's data machine says to the map's box and status bar, each read narrowly. */
import { useSelector } from '@xstate/react';
import { hasFailed, isLoading, isSettled, showsZoomHint } from '../../machines/mapData';
import type { MapDataRef } from './mapActors';

export function useMapStatus(data: MapDataRef) {
  return {
    loading: useSelector(data, isLoading),
    failed: useSelector(data, hasFailed),
    settled: useSelector(data, isSettled),
    error: useSelector(data, (s) => s.context.error),
    hint: useSelector(data, (s) => showsZoomHint(s.context)),
    /** The machine's state, for the tests that wait on it (the map's `data-state`). */
    stateName: useSelector(data, (s) => JSON.stringify(s.value)),
    /** The box the data was last asked for, `west,south,east,north` (the map's `data-bounds`); empty before one. */
    bounds: useSelector(data, (s) => {
      const box = s.context.view?.bounds;
      return box ? [box.MinLon, box.MinLat, box.MaxLon, box.MaxLat].map((v) => v.toFixed(6)).join(',') : '';
    }),
  };
}

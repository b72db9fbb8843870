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
  };
}

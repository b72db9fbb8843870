import type { ClusterIndexCache } from '../clusters/ClusterIndexCache';
import type { NearestIndex } from '../geo/nearest';
import type { LocationStore } from '../store/LocationStore';

/** What every route module is given. */
export interface RouteContext {
  store: LocationStore;
  clusters: ClusterIndexCache;
  nearest: NearestIndex;
  filesDir: string;
}

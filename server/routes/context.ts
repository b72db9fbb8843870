import type { ClusterIndexCache } from '../clusters/ClusterIndexCache';
import type { LocationStore } from '../store/LocationStore';

/** What every route module is given. */
export interface RouteContext {
  store: LocationStore;
  clusters: ClusterIndexCache;
  filesDir: string;
}

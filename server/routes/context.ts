import type { ClusterIndexCache } from '../clusters/ClusterIndexCache';
import type { NearestIndex } from '../geo/nearest';
import type { PointIndex } from '../points/PointIndex';
import type { NameLists } from '../stats/NameLists';
import type { LocationStore } from '../store/LocationStore';

/** What every route module is given. */
export interface RouteContext {
  store: LocationStore;
  points: PointIndex;
  nameLists: NameLists;
  clusters: ClusterIndexCache;
  nearest: NearestIndex;
  filesDir: string;
}

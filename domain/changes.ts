/**
 * What changed in the data, per applied import (dataset version): GET /api/changes[?since=VERSION], newest
 * first. A location counts as moved when it went more than CHANGE_MOVED_KM, renamed when its name changed.
 */
export const CHANGE_MOVED_KM = 0.1;

export interface ChangeCounts {
  Added: number;
  Removed: number;
  Moved: number;
  Renamed: number;
}

export interface DatasetChange extends ChangeCounts {
  Version: number;
  UpdatedAt: string;
  ByType: (ChangeCounts & { TypeId: string; Route: string; ByProvince: (ChangeCounts & { EnName: string })[] })[];
}

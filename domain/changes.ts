/**
 * What changed in the data, per applied import (dataset version): GET /api/changes[?since=VERSION], newest
 * first. A location counts as moved when it went more than CHANGE_MOVED_KM, renamed when its name changed.
 */
export const CHANGE_MOVED_KM = 0.1;

export type { ChangeCounts, DatasetChange } from './wire/answers';

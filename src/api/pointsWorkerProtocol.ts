/** Messages between src/api/points.ts and its worker. */
import type { PointSet } from '../../domain/pointsWire';
import type { RequestFailure } from '../../domain/requestFailure';

export type PointsWorkerRequest =
  | {
      kind: 'load';
      url: string;
      method: 'GET' | 'POST';
      headers: [string, string][];
      /** The POST's body (a LazyLoad box); null for a GET. */
      body: string | null;
      timeoutMs: number;
      /** Keep a copy of the answer for the service worker (the page is not served by one yet: firstVisitCopies.ts). */
      keepCopy: boolean;
    }
  | { kind: 'cancel'; target: number };

export type PointsFailure = RequestFailure;

/**
 * `fromCopy`: the service worker answered from its offline copy (the app then says it is offline). `version`:
 * the dataset version the answer says it was made from (null when none came).
 */
export type PointsWorkerAnswer = { id: number; fromCopy: boolean; version: string | null } & (
  { points: PointSet } | { failure: PointsFailure }
);

/** Messages between src/api/points.ts and its worker. */
import type { PointSet } from '../../domain/pointsWire';
import type { RequestFailure } from '../../domain/requestFailure';
import type { ViewportBounds } from '../../domain/wire/requests';

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
  | {
      /**
       * The points of a view read by tile (domain/pointTiles.ts): each tile is taken from the worker's own tiles
       * if it or a tile above it (`above`, its addresses at higher levels) is held, else fetched; the points of
       * the tiles inside `bounds` are answered as one set.
       */
      kind: 'tiles';
      tiles: { url: string; above: string[] }[];
      bounds: ViewportBounds;
      version: number;
      headers: [string, string][];
      timeoutMs: number;
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

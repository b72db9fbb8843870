/** Messages between src/api/points.ts and its worker. */
import type { PointSet } from '../../domain/pointsWire';
import type { RequestFailure } from '../../domain/requestFailure';

export type PointsWorkerRequest =
  | { kind: 'load'; url: string; headers: [string, string][]; body: string; timeoutMs: number }
  | { kind: 'cancel'; target: number };

export type PointsFailure = RequestFailure;

export type PointsWorkerAnswer = { id: number; points: PointSet } | { id: number; failure: PointsFailure };

/** Messages between src/api/points.ts and its worker. */
import type { PointSet } from '../../domain/pointsWire';
import type { ApiFailureKind } from './http';

export type PointsWorkerRequest =
  | { kind: 'load'; url: string; headers: [string, string][]; body: string; timeoutMs: number }
  | { kind: 'cancel'; target: number };

export interface PointsFailure {
  kind: ApiFailureKind;
  status: number | null;
}

export type PointsWorkerAnswer = { id: number; points: PointSet } | { id: number; failure: PointsFailure };

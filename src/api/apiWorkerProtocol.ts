/** Messages between src/api/offThread.ts and its worker (src/api/apiWorker.ts). */
import type { PointSet } from '../../domain/pointsWire';
import type { ApiFailureKind } from './http';

export type ApiWorkerRequest =
  /** A LazyLoad answer, decoded into typed arrays. */
  | { kind: 'points'; url: string; headers: [string, string][]; body: string; timeoutMs: number }
  | { kind: 'cancel'; target: number };

export interface ApiWorkerFailure {
  kind: ApiFailureKind;
  status: number | null;
}

export type ApiWorkerAnswer = { id: number; points: PointSet } | { id: number; failure: ApiWorkerFailure };

/** Messages between src/api/offThread.ts and its worker (src/api/apiWorker.ts). */
import type { PointSet } from '../../domain/pointsWire';
import type { ApiFailureKind } from './http';
import type { PackedNames } from './packedNames';

export type ApiWorkerRequest =
  /** A LazyLoad answer, decoded into typed arrays. */
  | { kind: 'points'; url: string; headers: [string, string][]; body: string; timeoutMs: number }
  /** A list of names (hundreds of thousands): read and parsed where the page does not wait on it. */
  | { kind: 'names'; url: string; headers: [string, string][]; timeoutMs: number }
  | { kind: 'cancel'; target: number };

export interface ApiWorkerFailure {
  kind: ApiFailureKind;
  status: number | null;
}

export type ApiWorkerAnswer = { id: number; points: PointSet } | { id: number; names: PackedNames } | { id: number; failure: ApiWorkerFailure };

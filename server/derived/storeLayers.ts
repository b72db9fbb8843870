/**
 * The store as the server reads it: its decorators layered here and nowhere else, innermost first.
 * 1. The database's reach (server/store/databaseReach.ts): a database gone is answered from memory where it can be
 *    (the newest meta and version seen) and refused with 503 where it cannot; it sits below everything that reads.
 * 2. The version guard (versionGuard.ts): each read is checked against the version of the answer being made, so no
 *    answer mixes two dataset versions.
 * The derived data catches up through the reach alone (a version read must not itself be refused as moved).
 */
import type { DatabaseReach } from '../store/databaseReach';
import type { LocationStore } from '../store/LocationStore';
import { guardStore } from './versionGuard';

export interface StoreLayers {
  /** Through the database's reach only. */
  reached: LocationStore;
  /** Through the reach and the version guard: what answers read. */
  guarded: LocationStore;
}

export function layerStore(
  store: LocationStore,
  reach: DatabaseReach | null,
  version: { current(): number; moved(): void },
): StoreLayers {
  const reached = reach ? reach.wrap(store) : store;
  return { reached, guarded: guardStore(reached, version.current, version.moved) };
}

/**
 * One dataset version per answer. An import commits at one moment; a process notices it a little later
 * (its watch, or a read that meets it). In between, an answer could take some of its content from the
 * database (already new) and some from what the process derived in memory (still old), and carry either
 * label. So every answer is made at one version, the process's when it starts (`atVersion`), and every read
 * of the store made for it is checked against that version afterwards: versions only grow, so a read that
 * finds the version it started at was made wholly at that version. A read that finds a newer one throws
 * VersionMoved, and the answer is made again at the newer version once the process has switched to it.
 * Reads made for no answer (warming) are checked against the process's version.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataRead, LocationStore } from '../store/LocationStore';

export class VersionMoved extends Error {
  constructor(
    readonly expected: number,
    readonly found: number,
  ) {
    super(`the dataset moved from version ${expected} to ${found} while it was read`);
  }
}

const answering = new AsyncLocalStorage<number>();

/** Runs `make` as the making of an answer at `version`: the store reads it makes are checked against it. */
export function atVersion<T>(version: number, make: () => Promise<T>): Promise<T> {
  return answering.run(version, make);
}

/** The reads that answer with data of one dataset version. */
type CheckedRead = DataRead | 'meta';

/** Export pages are checked every this many records, and at the end. */
const EXPORT_CHECK_EVERY = 1_000;

/**
 * `store` with every read checked: against the version of the answer being made, or `current()` outside
 * one. `moved` is told when a read found another version (to switch the process to it), before VersionMoved
 * is thrown.
 */
export function guardStore(store: LocationStore, current: () => number, moved: () => void): LocationStore {
  const check = async () => {
    const expected = answering.getStore() ?? current();
    const found = await store.datasetVersion();
    if (found === expected) return;
    moved();
    throw new VersionMoved(expected, found);
  };
  /** The store's method as it is when called (a test may wrap one after the server is built). */
  const checked =
    <K extends CheckedRead>(name: K) =>
    async (...args: Parameters<LocationStore[K]>): Promise<Awaited<ReturnType<LocationStore[K]>>> => {
      const read = store[name] as (...given: Parameters<LocationStore[K]>) => ReturnType<LocationStore[K]>;
      const result = await read.apply(store, args);
      await check();
      return result;
    };
  return {
    pointPage: checked('pointPage'),
    locationDetail: checked('locationDetail'),
    countsByProvince: checked('countsByProvince'),
    countsByGender: checked('countsByGender'),
    provinces: checked('provinces'),
    search: checked('search'),
    meta: checked('meta'),
    changes: checked('changes'),
    changedPlaces: checked('changedPlaces'),
    async *exportRecords(typeId) {
      let since = 0;
      for await (const record of store.exportRecords(typeId)) {
        if (++since === EXPORT_CHECK_EVERY) {
          since = 0;
          await check();
        }
        yield record;
      }
      await check();
    },
    datasetVersion: () => store.datasetVersion(),
    beginImport: () => store.beginImport(),
    watchVersion: (onChange) => store.watchVersion(onChange),
    // The desk's records are not the dataset: nothing in them is read at a version.
    desk: store.desk,
    writesRefused: () => store.writesRefused(),
    close: () => store.close(),
  };
}

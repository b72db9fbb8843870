/**
 * What the routes need from a database. The routes never write SQL: SqliteStore implements this over
 * better-sqlite3 and PostgresStore over PostgreSQL + PostGIS (every method is async, for the latter).
 */
import type { ChangePlaceRow, ChangeRow } from './changesSql';
import type { FacetValues } from '../../domain/filters';
import type { DatasetMeta } from '../../domain/gateway';
import type { DetailRow } from './locationFields';
import type { StaffDesk } from './StaffDesk';
import type { AppliedImport, ApplyOptions } from './importPlan';
import type { ImportSummary, LocationRecord } from './importRecords';

export type { DatasetMeta };

export interface Box {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

export interface PointRow {
  lat: number;
  lon: number;
  name: string;
  guid: string;
}

/** A row of a type's page: its position and names, the row id the pages go by, its province key and filter values. */
export type PointPageRow = PointRow & FacetValues & { id: number; provinceKey: number };

export interface ProvinceRow {
  guid: string;
  iso: string;
  nameFa: string;
  nameEn: string;
}

export type { DetailRow };

export interface LatLon {
  lat: number;
  lon: number;
}

export type LocatedDetailRow = DetailRow & LatLon;

export type { ImportSummary, LocationRecord };

/**
 * An import in progress, inside one write transaction: nothing is visible to readers until `commit`, and
 * a crash or `rollback` leaves the previous data as it was.
 */
/** A record whose Guid an earlier record of the same file already has. */
export interface StagedDuplicate {
  guid: string;
  source: string;
  earlier: string;
}

export interface ImportSession {
  /**
   * Stages one valid record. Returns the duplicates found so far that were not yet returned (a store may
   * stage in batches and find them later; `flush` returns the rest).
   */
  stage(record: LocationRecord, source: string): Promise<StagedDuplicate[]>;
  flush(): Promise<StagedDuplicate[]>;
  /** Works out what applying the staged records changes (with `prune`, also deletions in the staged types) and applies it. */
  apply(options: ApplyOptions): Promise<AppliedImport>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** A name search: `folded` is the query under the domain's folding rule (two characters or more). */
export interface SearchQuery {
  folded: string;
  typeId: string | null;
  near: { lat: number; lon: number } | null;
  limit: number;
}

/** A search match, with the values filters compare (so a filtered search can keep the matches that pass). */
export interface SearchRow extends FacetValues {
  guid: string;
  name: string;
  lat: number;
  lon: number;
  typeId: string;
  provinceIso: string;
}

/** The store's reads that answer with the dataset's data (what its decorators check and watch alike). */
export type DataRead =
  | 'pointPage'
  | 'locationDetail'
  | 'countsByProvince'
  | 'countsByGender'
  | 'provinces'
  | 'search'
  | 'changes'
  | 'changedPlaces';

export interface LocationStore {
  /**
   * Up to `limit` locations of a type whose row id is above `afterId`, in row-id order: in-memory indexes
   * read a type in pages like this, so no single call holds the event loop or a large result.
   */
  pointPage(typeId: string, afterId: number, limit: number): Promise<PointPageRow[]>;
  /** A location's detail, with its point (a shared link names only the Guid, and is framed by it). */
  locationDetail(guid: string): Promise<LocatedDetailRow | null>;
  /** Count per province ISO code (provinces without locations may be absent). */
  countsByProvince(typeId: string): Promise<Map<string, number>>;
  /** Count per gender label, in one province (ISO code) or all (null). */
  countsByGender(typeId: string, provinceIso: string | null): Promise<Map<string, number>>;
  provinces(): Promise<ProvinceRow[]>;
  /**
   * Locations whose folded name contains `folded`, best first: whole-name match, then name start, then word
   * start, then elsewhere; ties nearest to `near` (great-circle) when given, then by name (Persian order).
   */
  search(query: SearchQuery): Promise<SearchRow[]>;
  meta(): Promise<DatasetMeta>;
  /** The dataset version alone: a cheap read, asked after other reads to tell which version they saw. */
  datasetVersion(): Promise<number>;
  /** Starts an import; one at a time per database (a second waits for the first). */
  beginImport(): Promise<ImportSession>;
  /** Every location of one type, or of all types, in a stable order (for export). */
  exportRecords(typeId: string | null): AsyncIterable<LocationRecord>;
  /** What each applied import after dataset version `since` changed, per type and province, newest first. */
  changes(since: number): Promise<ChangeRow[]>;
  /** Which locations those imports changed, by name (a bounded number of each kind per import), newest first. */
  changedPlaces(since: number): Promise<ChangePlaceRow[]>;
  /**
   * Calls `onChange` (within about a second) whenever the dataset version changes, also by another process;
   * returns a function that stops watching.
   */
  watchVersion(onChange: (meta: DatasetMeta) => void): () => void;
  /** The staff's accounts, sessions, audit log, uploads and the public's reports (StaffDesk.ts). */
  readonly desk: StaffDesk;
  /**
   * Why nothing may be written to this database now, or null: a SQLite file removed or replaced under the
   * server (writes into it would be lost; sqlite/fileIdentity.ts).
   */
  writesRefused(): string | null;
  close(): void;
}

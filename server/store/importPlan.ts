/**
 * How an import is applied, written once for both stores: the staged records are compared with the stored
 * ones and applied with set operations (changed rows updated, new ones inserted in file order, with `prune`
 * the staged types' locations the file does not list deleted), then the per-province counts are refreshed
 * and the dataset version moves on. Each store stages records its own way (SQLite row by row in its write
 * transaction, PostgreSQL in batches) into a temporary `staging` table of STAGED_COLUMNS plus `existing_id`
 * and `status`, and runs this plan through an ImportRunner. The SQL is common to SQLite (3.39 or later)
 * and PostgreSQL.
 */
import { CHANGE_MOVED_KM } from '../../domain/changes';
import { greatCircleKm } from '../geo/greatCircle';
import { provinceKeyOf, typeKeyOf } from './catalogueKeys';
import { REFRESH_COUNTS_STEPS } from './countsSql';
import { PENDING_VERSION } from './deskSql';
import { CHANGED_PLACES_KEPT, CHANGED_PLACES_VERSIONS } from './changesSql';
import { isGuid } from '../../domain/guid';
import type { ImportSummary, LocationRecord } from './importRecords';
import { DETAIL_COLUMNS, DETAIL_FIELDS, storedValueOf } from './locationFields';
import { searchColumnsOf } from './searchColumns';

/** What an import writes and compares: where the location is, and its fields (from the one field table). */
const COMPARED = ['type_id', 'province_id', 'lat', 'lon', ...DETAIL_COLUMNS];
/** Written with the record; the search columns derive from its name, so they are not compared. */
const STORED = [...COMPARED, 'name_folded', 'name_key'];
/** A staged row, in this order: the Guid, its place in the file, the stored columns, the file it came from. */
export const STAGED_COLUMNS = ['guid', 'seq', ...STORED, 'source'];

/** A staged row's values in STAGED_COLUMNS order; `flag` is how the store keeps a yes/no field. */
export function stagedValuesOf(
  record: LocationRecord,
  seq: number,
  source: string,
  flag: (value: boolean) => unknown,
): unknown[] {
  const { name_folded, name_key } = searchColumnsOf(record.name);
  return [
    record.guid.toUpperCase(),
    seq,
    typeKeyOf.get(record.typeId.toUpperCase()),
    provinceKeyOf.get(record.provinceIso),
    record.lat,
    record.lon,
    ...DETAIL_FIELDS.map((field) => storedValueOf(record, field, flag)),
    name_folded,
    name_key,
    source,
  ];
}

/** Runs one statement of the plan in the import's transaction, resolving with the rows it changed or read. */
export interface ImportRunner {
  run(sql: string): Promise<number>;
  rows<T>(sql: string): Promise<T[]>;
}

const SAME = COMPARED.map((c) => `l.${c} IS NOT DISTINCT FROM staging.${c}`).join(' AND ');

type Tally = { type_id: number; province_id: number; n: number | string };
type Place = { type_id: number; province_id: number };
export type ChangeKind = 'added' | 'removed' | 'moved' | 'renamed';
type Kind = ChangeKind;

/** A type's changes in one province (type and province by their store keys). */
export type PlaceChange = Place & Record<ChangeKind, number>;

/** One location an import changes, where it is (and was, when moved): what a preview draws on its map. */
export interface ChangedPoint extends Place {
  kind: ChangeKind;
  guid: string;
  name: string;
  lat: number;
  lon: number;
  fromLat: number | null;
  fromLon: number | null;
}

/** A new staged record with the name of a stored location of its type nearby (a quality finding, not a refusal). */
export interface StoredTwin {
  /** Where the new record is in its file ("line 7"). */
  source: string;
  guid: string;
  name: string;
  metres: number;
}

/** What applying staged records did (or, rolled back, would do). */
export interface AppliedImport {
  summary: ImportSummary;
  changes: PlaceChange[];
  /** With `changedPoints`, up to CHANGED_POINTS_KEPT of the changed locations of each kind, in file (or id) order. */
  points: ChangedPoint[];
  /** With `twinsWithinM`, the new records that repeat a stored location (one each, the nearest), in file order. */
  twins: StoredTwin[];
}

/** Changed locations kept per kind for a preview's map: enough to see, bounded for a whole-country file. */
export const CHANGED_POINTS_KEPT = 2_000;
type PointRow = Place & { guid: string; name: string; lat: number; lon: number };
const pointOf = (kind: ChangeKind, r: PointRow, from?: { lat: number; lon: number }): ChangedPoint => ({
  kind,
  guid: r.guid,
  name: r.name,
  lat: Number(r.lat),
  lon: Number(r.lon),
  type_id: Number(r.type_id),
  province_id: Number(r.province_id),
  fromLat: from ? Number(from.lat) : null,
  fromLon: from ? Number(from.lon) : null,
});

/** Counts of each kind of change per type and province, keyed "type:province". */
class ChangeTally {
  readonly rows = new Map<string, Place & Record<Kind, number>>();

  add(kind: Kind, place: Place, n: number): void {
    const key = `${place.type_id}:${place.province_id}`;
    const row = this.rows.get(key) ?? { ...place, added: 0, removed: 0, moved: 0, renamed: 0 };
    row[kind] += n;
    this.rows.set(key, row);
  }

  addAll(kind: Kind, tallies: Tally[]): void {
    for (const t of tallies)
      this.add(kind, { type_id: Number(t.type_id), province_id: Number(t.province_id) }, Number(t.n));
  }
}

/**
 * Before anything is applied: what the staged rows add, rename and move, against the stored ones; with `points`,
 * also a sample of the changed locations (a preview's map: an import that only applies reads none of them).
 */
async function tallyChanges(
  runner: ImportRunner,
  points: ChangedPoint[] | null,
): Promise<{ tally: ChangeTally; movedGuids: string[] }> {
  const tally = new ChangeTally();
  const movedGuids: string[] = [];
  const kept = CHANGED_POINTS_KEPT;
  if (points) {
    for (const r of await runner.rows<PointRow>(`SELECT guid, name, lat, lon, type_id, province_id FROM staging
      WHERE status = 'new' ORDER BY seq LIMIT ${kept}`))
      points.push(pointOf('added', r));
    for (const r of await runner.rows<PointRow>(`SELECT s.guid, s.name, s.lat, s.lon, s.type_id, s.province_id
      FROM staging s JOIN location l ON l.id = s.existing_id WHERE s.status = 'changed' AND l.name <> s.name
      ORDER BY s.seq LIMIT ${kept}`))
      points.push(pointOf('renamed', r));
  }
  tally.addAll(
    'added',
    await runner.rows<Tally>(
      "SELECT type_id, province_id, count(*) AS n FROM staging WHERE status = 'new' GROUP BY type_id, province_id",
    ),
  );
  tally.addAll(
    'renamed',
    await runner.rows<Tally>(`SELECT s.type_id, s.province_id, count(*) AS n FROM staging s
      JOIN location l ON l.id = s.existing_id WHERE s.status = 'changed' AND l.name <> s.name
      GROUP BY s.type_id, s.province_id`),
  );
  // Only rows whose point changed at all are read; the distance is measured here, the same on both stores.
  const shifted = await runner.rows<PointRow & { old_lat: number; old_lon: number }>(
    `SELECT s.guid, ${points ? 's.name, ' : ''}s.type_id, s.province_id, l.lat AS old_lat, l.lon AS old_lon, s.lat, s.lon
      FROM staging s JOIN location l ON l.id = s.existing_id WHERE s.status = 'changed' AND (l.lat <> s.lat OR l.lon <> s.lon)
      ORDER BY s.seq`,
  );
  let moved = 0;
  for (const row of shifted)
    if (greatCircleKm(row.old_lat, row.old_lon, row.lat, row.lon) > CHANGE_MOVED_KM) {
      tally.add('moved', { type_id: Number(row.type_id), province_id: Number(row.province_id) }, 1);
      if (movedGuids.length < CHANGED_PLACES_KEPT && isGuid(row.guid)) movedGuids.push(row.guid);
      if (points && moved++ < kept) points.push(pointOf('moved', row, { lat: row.old_lat, lon: row.old_lon }));
    }
  return { tally, movedGuids };
}

const PLACE_COLUMNS = 'version, kind, guid, name, type_id, province_id';

/**
 * Notes by name which locations this import changes (for the changes feed), under the pending version until the
 * new one is known; every name comes from the tables, and only validated Guids are written into a statement.
 */
async function notePlaces(runner: ImportRunner, kind: ChangeKind, select: string): Promise<void> {
  await runner.run(`INSERT INTO dataset_change_place (${PLACE_COLUMNS})
    SELECT ${PENDING_VERSION}, '${kind}', guid, name, type_id, province_id FROM (${select}) AS noted`);
}

/** The data moved on since the version an import was made against (the caller rolls back). */
export class DatasetMovedOn extends Error {
  constructor(
    readonly expected: number,
    readonly found: number,
  ) {
    super(`the data has moved on since version ${expected} (now ${found}): nothing applied`);
  }
}

export interface ApplyOptions {
  prune: boolean;
  /**
   * Apply only if the data is still at this version, read inside the import's own transaction (which holds the
   * write lock): a preview applied exactly as previewed, or not at all.
   */
  expectedVersion?: number;
  /** Also read a sample of the changed locations (`AppliedImport.points`), for a preview's map. */
  changedPoints?: boolean;
  /** Also find the new records that repeat a stored location of their type within this many metres. */
  twinsWithinM?: number;
}

/** Degrees of latitude, and of longitude at Iran's northernmost latitude (40 N), per metre: a box around a point. */
const LAT_PER_M = 1 / 110_500;
const LON_PER_M = 1 / 85_000;

/**
 * The new staged rows whose folded name a stored location of the same type has, within `withinM` metres: the
 * database narrows to a box around each, and the distance is measured here, the same on both stores. Read before
 * anything is inserted (a new row would find itself).
 */
async function storedTwins(runner: ImportRunner, withinM: number): Promise<StoredTwin[]> {
  type Row = {
    source: string;
    lat: number;
    lon: number;
    guid: string;
    name: string;
    other_lat: number;
    other_lon: number;
  };
  const lat = withinM * LAT_PER_M;
  const lon = withinM * LON_PER_M;
  const rows =
    await runner.rows<Row>(`SELECT s.source, s.lat, s.lon, l.guid, l.name, l.lat AS other_lat, l.lon AS other_lon
    FROM staging s JOIN location l ON l.type_id = s.type_id AND l.name_folded = s.name_folded
    WHERE s.status = 'new' AND l.lat BETWEEN s.lat - ${lat} AND s.lat + ${lat}
    AND l.lon BETWEEN s.lon - ${lon} AND s.lon + ${lon} ORDER BY s.seq`);
  const nearest = new Map<string, StoredTwin>();
  for (const r of rows) {
    const metres = Math.round(
      greatCircleKm(Number(r.lat), Number(r.lon), Number(r.other_lat), Number(r.other_lon)) * 1000,
    );
    const known = nearest.get(r.source);
    if (metres <= withinM && (!known || metres < known.metres))
      nearest.set(r.source, { source: r.source, guid: r.guid, name: r.name, metres });
  }
  return [...nearest.values()];
}

/** Applies what is staged; the caller commits (or rolls back) the transaction. */
export async function applyStaged(
  runner: ImportRunner,
  { prune, expectedVersion, changedPoints = false, twinsWithinM }: ApplyOptions,
): Promise<AppliedImport> {
  if (expectedVersion !== undefined) {
    const [row] = await runner.rows<{ value: string }>("SELECT value FROM meta WHERE key = 'version'");
    const found = Number(row?.value ?? 0);
    if (found !== expectedVersion) throw new DatasetMovedOn(expectedVersion, found);
  }
  await runner.run('UPDATE staging SET existing_id = l.id FROM location l WHERE l.guid = staging.guid');
  await runner.run(`UPDATE staging SET status = CASE WHEN existing_id IS NULL THEN 'new'
    WHEN EXISTS (SELECT 1 FROM location l WHERE l.id = staging.existing_id AND ${SAME}) THEN 'same'
    ELSE 'changed' END`);
  const counts = await runner.rows<{ status: string; n: number | string }>(
    'SELECT status, count(*) AS n FROM staging GROUP BY status',
  );
  const n = (status: string) => Number(counts.find((row) => row.status === status)?.n ?? 0);
  const summary: ImportSummary = { inserted: n('new'), updated: n('changed'), unchanged: n('same'), deleted: 0 };
  const points: ChangedPoint[] | null = changedPoints ? [] : null;
  const { tally: changes, movedGuids } = await tallyChanges(runner, points);
  const kept = CHANGED_PLACES_KEPT;
  // Before the locations are written: a renamed location's old row is still there to compare with.
  await notePlaces(
    runner,
    'added',
    `SELECT guid, name, type_id, province_id FROM staging WHERE status = 'new' ORDER BY seq LIMIT ${kept}`,
  );
  await notePlaces(
    runner,
    'renamed',
    `SELECT s.guid, s.name, s.type_id, s.province_id FROM staging s JOIN location l ON l.id = s.existing_id
      WHERE s.status = 'changed' AND l.name <> s.name ORDER BY s.seq LIMIT ${kept}`,
  );
  if (movedGuids.length > 0)
    await notePlaces(
      runner,
      'moved',
      `SELECT guid, name, type_id, province_id FROM staging WHERE guid IN (${movedGuids.map((g) => `'${g}'`).join(', ')})
        ORDER BY seq`,
    );
  const twins = twinsWithinM === undefined ? [] : await storedTwins(runner, twinsWithinM);
  // The public's open reports on locations this import changes are linked to its version (set below, once known).
  await runner.run(`UPDATE public_report SET changed_in_version = ${PENDING_VERSION} WHERE changed_in_version IS NULL
    AND guid IN (SELECT guid FROM staging WHERE status = 'changed')`);
  await runner.run(`UPDATE location SET ${STORED.map((c) => `${c} = s.${c}`).join(', ')}
    FROM staging s WHERE s.status = 'changed' AND location.id = s.existing_id`);
  // In file order, so new locations get ids (and the export order) in the order they were given.
  await runner.run(`INSERT INTO location (guid, ${STORED.join(', ')})
    SELECT guid, ${STORED.join(', ')} FROM staging WHERE status = 'new' ORDER BY seq`);
  if (prune) {
    if (points)
      for (const r of await runner.rows<PointRow>(`SELECT guid, name, lat, lon, type_id, province_id FROM location
      WHERE type_id IN (SELECT DISTINCT type_id FROM staging)
      AND NOT EXISTS (SELECT 1 FROM staging s WHERE s.guid = location.guid) ORDER BY id LIMIT ${CHANGED_POINTS_KEPT}`))
        points.push(pointOf('removed', r));
    changes.addAll(
      'removed',
      await runner.rows<Tally>(`SELECT type_id, province_id, count(*) AS n FROM location
        WHERE type_id IN (SELECT DISTINCT type_id FROM staging)
        AND NOT EXISTS (SELECT 1 FROM staging s WHERE s.guid = location.guid) GROUP BY type_id, province_id`),
    );
    await runner.run(`UPDATE public_report SET changed_in_version = ${PENDING_VERSION} WHERE changed_in_version IS NULL
      AND guid IN (SELECT guid FROM location WHERE type_id IN (SELECT DISTINCT type_id FROM staging)
      AND NOT EXISTS (SELECT 1 FROM staging s WHERE s.guid = location.guid))`);
    await notePlaces(
      runner,
      'removed',
      `SELECT guid, name, type_id, province_id FROM location WHERE type_id IN (SELECT DISTINCT type_id FROM staging)
        AND NOT EXISTS (SELECT 1 FROM staging s WHERE s.guid = location.guid) ORDER BY id LIMIT ${kept}`,
    );
    summary.deleted = await runner.run(`DELETE FROM location WHERE type_id IN (SELECT DISTINCT type_id FROM staging)
      AND NOT EXISTS (SELECT 1 FROM staging s WHERE s.guid = location.guid)`);
  }
  if (summary.inserted + summary.updated + summary.deleted > 0) {
    for (const step of REFRESH_COUNTS_STEPS) await runner.run(step);
    await runner.run("UPDATE meta SET value = CAST(CAST(value AS BIGINT) + 1 AS TEXT) WHERE key = 'version'");
    await runner.run(`UPDATE public_report SET changed_in_version = (SELECT CAST(value AS BIGINT) FROM meta
      WHERE key = 'version') WHERE changed_in_version = ${PENDING_VERSION}`);
    await runner.run(`UPDATE dataset_change_place SET version = (SELECT CAST(value AS BIGINT) FROM meta
      WHERE key = 'version') WHERE version = ${PENDING_VERSION}`);
    // The names are kept for the versions a feed lists.
    await runner.run(`DELETE FROM dataset_change_place WHERE version <= (SELECT CAST(value AS BIGINT) FROM meta
      WHERE key = 'version') - ${CHANGED_PLACES_VERSIONS}`);
    // An ISO 8601 time of our own making: nothing in it needs quoting.
    const now = new Date().toISOString();
    await runner.run(`INSERT INTO meta (key, value) VALUES ('updated_at', '${now}')
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
    // Numbers only (keys and counts), written into the statement.
    for (const c of changes.rows.values())
      if (c.added + c.removed + c.moved + c.renamed > 0)
        await runner.run(`INSERT INTO dataset_change (version, updated_at, type_id, province_id, added, removed, moved, renamed)
          SELECT CAST(value AS BIGINT), '${now}', ${c.type_id}, ${c.province_id}, ${c.added}, ${c.removed}, ${c.moved}, ${c.renamed}
          FROM meta WHERE key = 'version'`);
  }
  // An import that changed nothing names nothing.
  await runner.run(`DELETE FROM dataset_change_place WHERE version = ${PENDING_VERSION}`);
  const changed = [...changes.rows.values()].filter((c) => c.added + c.removed + c.moved + c.renamed > 0);
  return { summary, changes: changed, points: points ?? [], twins };
}

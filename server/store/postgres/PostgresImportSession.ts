/**
 * An import into PostgreSQL: one transaction on one connection, serialised with other imports by an
 * advisory lock. Records are staged in batches into a temporary table, then applied with set operations,
 * as in the SQLite store. Nothing is visible to readers (or to replicas) before COMMIT.
 */
import type pg from 'pg';
import { provinceKeyOf, typeKeyOf } from '../catalogueKeys';
import type { ImportSession, ImportSummary, LocationRecord, StagedDuplicate } from '../LocationStore';
import { IMPORT_LOCK } from './schema';
import { searchColumnsOf } from '../searchColumns';
import { REFRESH_COUNTS_SQL } from '../countsSql';
import { DETAIL_COLUMNS, DETAIL_FIELDS, storedValueOf, type FieldKind } from '../locationFields';

/** What an import writes and compares: where the location is, and its fields (from the one field table). */
const COLUMNS = ['type_id', 'province_id', 'lat', 'lon', ...DETAIL_COLUMNS];
const PG_TYPE: Record<FieldKind, string> = { text: 'text', flag: 'boolean', dynamicFields: 'text' };
/** A staged row, by position: the Guid, its place in the file, COLUMNS, the source, then the search columns. */
const STAGED = ['guid', 'seq', ...COLUMNS, 'source', 'name_folded', 'name_key'];
const GUID_AT = 0;
const SEQ_AT = 1;
const SOURCE_AT = STAGED.indexOf('source');
const SAME = COLUMNS.map((c) => `l.${c} IS NOT DISTINCT FROM s.${c}`).join(' AND ');
/** Written with the record but derived from its name, so not compared. */
const STORED = [...COLUMNS, 'name_folded', 'name_key'];
const BATCH = 1000;

export class PostgresImportSession implements ImportSession {
  private batch: unknown[][] = [];
  private seq = 0;
  private open = true;

  private constructor(private readonly client: pg.PoolClient) {}

  static async begin(pool: pg.Pool): Promise<PostgresImportSession> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
      await client.query(`CREATE TEMP TABLE staging (
      guid text PRIMARY KEY, seq integer, type_id integer, province_id integer, lat double precision, lon double precision,
      ${DETAIL_FIELDS.map((f) => `${f.column} ${PG_TYPE[f.kind]}`).join(', ')},
      source text, name_folded text, name_key text, existing_id bigint, status text
    ) ON COMMIT DROP`);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      throw error;
    }
    return new PostgresImportSession(client);
  }

  async stage(record: LocationRecord, source: string): Promise<StagedDuplicate[]> {
    const { name_folded, name_key } = searchColumnsOf(record.name);
    this.batch.push([
      record.guid.toUpperCase(),
      this.seq++,
      typeKeyOf.get(record.typeId.toUpperCase()),
      provinceKeyOf.get(record.provinceIso),
      record.lat,
      record.lon,
      ...DETAIL_FIELDS.map((f) => storedValueOf(record, f, (flag) => flag)),
      source,
      name_folded,
      name_key,
    ]);
    return this.batch.length >= BATCH ? this.flush() : [];
  }

  async flush(): Promise<StagedDuplicate[]> {
    if (this.batch.length === 0) return [];
    const rows = this.batch;
    this.batch = [];
    const width = rows[0]!.length;
    const placeholders = rows
      .map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`)
      .join(', ');
    const inserted = await this.client.query(
      `INSERT INTO staging (${STAGED.join(', ')}) VALUES ${placeholders} ON CONFLICT (guid) DO NOTHING RETURNING seq`,
      rows.flat(),
    );
    const kept = new Set(inserted.rows.map((r: { seq: number }) => r.seq));
    const repeated = rows.filter((row) => !kept.has(row[SEQ_AT] as number));
    if (repeated.length === 0) return [];
    const earlier = await this.client.query('SELECT guid, source FROM staging WHERE guid = ANY($1)', [
      repeated.map((row) => row[GUID_AT]),
    ]);
    const sourceOf = new Map(earlier.rows.map((r: { guid: string; source: string }) => [r.guid, r.source]));
    return repeated.map((row) => ({
      guid: row[GUID_AT] as string,
      source: row[SOURCE_AT] as string,
      earlier: sourceOf.get(row[GUID_AT] as string) ?? '?',
    }));
  }

  async apply({ prune }: { prune: boolean }): Promise<ImportSummary> {
    const q = (sql: string, params: unknown[] = []) => this.client.query(sql, params);
    await this.flush();
    await q('UPDATE staging s SET existing_id = l.id FROM location l WHERE l.guid = s.guid');
    await q(`UPDATE staging s SET status = CASE WHEN s.existing_id IS NULL THEN 'new'
      WHEN EXISTS (SELECT 1 FROM location l WHERE l.id = s.existing_id AND ${SAME}) THEN 'same' ELSE 'changed' END`);
    const counts = await q('SELECT status, count(*)::int AS n FROM staging GROUP BY status');
    const n = (status: string) => (counts.rows.find((r: { status: string }) => r.status === status)?.n as number) ?? 0;
    const summary: ImportSummary = { inserted: n('new'), updated: n('changed'), unchanged: n('same'), deleted: 0 };
    await q(
      `UPDATE location l SET ${STORED.map((c) => `${c} = s.${c}`).join(', ')} FROM staging s WHERE s.status = 'changed' AND l.id = s.existing_id`,
    );
    await q(
      `INSERT INTO location (guid, ${STORED.join(', ')}) SELECT guid, ${STORED.join(', ')} FROM staging WHERE status = 'new' ORDER BY seq`,
    );
    if (prune) {
      const deleted = await q(`DELETE FROM location l WHERE l.type_id IN (SELECT DISTINCT type_id FROM staging)
        AND NOT EXISTS (SELECT 1 FROM staging s WHERE s.guid = l.guid)`);
      summary.deleted = deleted.rowCount ?? 0;
    }
    if (summary.inserted + summary.updated + summary.deleted > 0) {
      await q(REFRESH_COUNTS_SQL);
      await q("UPDATE meta SET value = (value::bigint + 1)::text WHERE key = 'version'");
      await q(
        "INSERT INTO meta (key, value) VALUES ('updated_at', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [new Date().toISOString()],
      );
    }
    return summary;
  }

  async commit(): Promise<void> {
    await this.finish('COMMIT');
  }

  async rollback(): Promise<void> {
    await this.finish('ROLLBACK');
  }

  private async finish(command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    if (!this.open) return;
    this.open = false;
    try {
      await this.client.query(command);
    } finally {
      this.client.release();
    }
  }
}

/**
 * An import into PostgreSQL: one transaction on one connection, serialised with other imports by an
 * advisory lock. Records are staged in batches into a temporary table, then applied with set operations,
 * as in the SQLite store. Nothing is visible to readers (or to replicas) before COMMIT.
 */
import type pg from 'pg';
import type { ImportSession, LocationRecord, StagedDuplicate } from '../LocationStore';
import {
  applyStaged,
  STAGED_COLUMNS,
  stagedValuesOf,
  type AppliedImport,
  type ApplyOptions,
  type ImportRunner,
} from '../importPlan';
import { DETAIL_FIELDS, type FieldKind } from '../locationFields';
import { IMPORT_LOCK } from './schema';

const PG_TYPE: Record<FieldKind, string> = { text: 'text', flag: 'boolean', dynamicFields: 'text' };
const GUID_AT = STAGED_COLUMNS.indexOf('guid');
const SEQ_AT = STAGED_COLUMNS.indexOf('seq');
const SOURCE_AT = STAGED_COLUMNS.indexOf('source');
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
      // Dropped, not kept: a session refused as read-only keeps that default after the database is made writable
      // again, and the next import would be given the same session and refused too.
      client.release(error as Error);
      throw error;
    }
    return new PostgresImportSession(client);
  }

  async stage(record: LocationRecord, source: string): Promise<StagedDuplicate[]> {
    this.batch.push(stagedValuesOf(record, this.seq++, source, (flag) => flag));
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
      `INSERT INTO staging (${STAGED_COLUMNS.join(', ')}) VALUES ${placeholders} ON CONFLICT (guid) DO NOTHING RETURNING seq`,
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

  async apply(options: ApplyOptions): Promise<AppliedImport> {
    await this.flush();
    const runner: ImportRunner = {
      run: async (sql) => (await this.client.query(sql)).rowCount ?? 0,
      rows: async <T>(sql: string) => (await this.client.query(sql)).rows as T[],
    };
    return applyStaged(runner, options);
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

/** Connecting to PostgreSQL: migrations on a primary (serialised by an advisory lock), a schema check on a standby. */
import pg from 'pg';
import { StartupError } from '../../startupError';
import { redactUrl as redact } from '../dbSpec';
import { PROVINCE_ROWS, TYPE_ROWS } from '../catalogueKeys';
import { refuseNewerSchema } from '../schemaVersion';
import { MIGRATION_LOCK, PG_MIGRATIONS, PG_SCHEMA_VERSION } from './schema';

async function storedVersion(client: pg.PoolClient): Promise<number> {
  const meta = await client.query("SELECT to_regclass('meta') IS NOT NULL AS present");
  if (!meta.rows[0].present) return 0;
  const row = await client.query("SELECT value FROM meta WHERE key = 'schema_version'");
  return row.rowCount ? Number(row.rows[0].value) : 0;
}

/**
 * A connection that a balancer accepted and then cut, or a server starting or stopping (a failover under way),
 * is tried again for up to FAILOVER_WAIT_MS: an import started at that moment reaches the new primary instead of
 * failing. Nothing listening at all (ECONNREFUSED), or a wrong password, fails at once.
 */
const FAILOVER_WAIT_MS = 15_000;
const RETRY_EVERY_MS = 500;
const passing = (error: unknown) => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && /^57P0[123]$/.test(code)) ||
    (typeof message === 'string' && /Connection terminated unexpectedly|the database system is/i.test(message))
  );
};

async function connectThroughFailover(pool: pg.Pool): Promise<pg.PoolClient> {
  const until = Date.now() + FAILOVER_WAIT_MS;
  for (;;) {
    try {
      return await pool.connect();
    } catch (error) {
      if (!passing(error) || Date.now() >= until) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
    }
  }
}

export async function openPostgres(url: string): Promise<{ pool: pg.Pool; readonly: boolean }> {
  const pool = new pg.Pool({ connectionString: url, max: 8, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => undefined); // an idle client's lost connection: the next query reconnects
  let client: pg.PoolClient;
  try {
    client = await connectThroughFailover(pool);
  } catch (error) {
    await pool.end();
    throw new StartupError(
      `MAKAN_DB=${redact(url)} cannot be reached (${(error as Error).message}); check the URL and that PostgreSQL is running`,
    );
  }
  try {
    // A standby, or a database set read-only (default_transaction_read_only), takes no write: served read-only.
    const { standby, readOnly } = (
      await client.query(
        "SELECT pg_is_in_recovery() AS standby, current_setting('transaction_read_only') = 'on' AS \"readOnly\"",
      )
    ).rows[0] as { standby: boolean; readOnly: boolean };
    const stored = await storedVersion(client);
    refuseNewerSchema(redact(url), stored, PG_SCHEMA_VERSION);
    if (standby || readOnly) {
      if (stored < PG_SCHEMA_VERSION)
        throw new StartupError(
          standby
            ? `MAKAN_DB=${redact(url)} is a standby whose primary has not been brought to schema ${PG_SCHEMA_VERSION}: start Makan on the primary first`
            : `MAKAN_DB=${redact(url)} is read-only and not yet at schema ${PG_SCHEMA_VERSION}: let Makan write to it once`,
        );
      client.release();
      return { pool, readonly: true };
    }
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const current = await storedVersion(client);
    for (const migration of PG_MIGRATIONS) {
      if (migration.version <= current) continue;
      await client.query(migration.sql);
      await migration.backfill?.(client);
    }
    await client.query(
      "INSERT INTO meta (key, value) VALUES ('schema_version', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [String(PG_SCHEMA_VERSION)],
    );
    for (const row of TYPE_ROWS) {
      await client.query('INSERT INTO location_type (id, guid, route) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        ...row,
      ]);
    }
    for (const row of PROVINCE_ROWS) {
      await client.query(
        'INSERT INTO province (id, guid, iso, name_fa, name_en) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
        [...row],
      );
    }
    await client.query('COMMIT');
    client.release();
    return { pool, readonly: false };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
    await pool.end();
    if (error instanceof StartupError) throw error;
    throw new StartupError(`MAKAN_DB=${redact(url)} could not be prepared: ${(error as Error).message}`);
  }
}

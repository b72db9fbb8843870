/**
 * One count per client for the whole service, past one machine: every server process counts in one table of
 * the shared PostgreSQL (MAKAN_RATE_DB, the primary's address, which follows it over a failover), so a client
 * spread by a balancer over N machines meets the limit once, not N times.
 *
 * Why the database and not the balancer's own table: the limit then holds behind any balancer (or none, or
 * several), the servers keep deciding it as they do alone (the same windows, the same 429 and its words), and
 * the database is already there. A count is one upsert on a small unlogged table (no WAL, not replicated; a
 * crash loses only counts), a fraction of a millisecond beside the answer it guards.
 *
 * The window is the local counter's (windowCounts.ts): a client's first request opens it, on the database's
 * clock so that every machine agrees. When the database cannot count, each process counts on its own until it
 * can again (said once each way in the log): requests are never refused or held for want of a count.
 */
import pg from 'pg';
import { WindowCounts, type WindowCount } from './windowCounts';
import type { RateCounter } from './rateCounter';

export const RATE_TABLE = 'makan_rate_windows';

/** How often windows long closed are cleared out. */
const SWEEP_MS = 60_000;

const CREATE = `CREATE UNLOGGED TABLE IF NOT EXISTS ${RATE_TABLE} (
  client text PRIMARY KEY,
  started_at bigint NOT NULL,
  hits integer NOT NULL
)`;

/** One request of a client: a new window when its last has closed, else one more in it; on the database's clock. */
const HIT = `WITH now AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms)
INSERT INTO ${RATE_TABLE} AS w (client, started_at, hits)
SELECT $1, now.ms, 1 FROM now
ON CONFLICT (client) DO UPDATE SET
  hits = CASE WHEN w.started_at + $2 > (SELECT ms FROM now) THEN w.hits + 1 ELSE 1 END,
  started_at = CASE WHEN w.started_at + $2 > (SELECT ms FROM now) THEN w.started_at ELSE (SELECT ms FROM now) END
RETURNING hits, started_at + $2 - (SELECT ms FROM now) AS ttl`;

/** What PostgreSQL says when two sessions create the same table at once (the loser's error). */
const ALREADY_MADE = new Set(['42P07', '23505']);

const SWEEP = `DELETE FROM ${RATE_TABLE}
WHERE started_at + $1 < (extract(epoch FROM clock_timestamp()) * 1000)::bigint`;

export interface SharedCounterLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export interface SharedRateCounter extends RateCounter {
  close(): Promise<void>;
}

export function sharedRateCounter(url: string, log: SharedCounterLog): SharedRateCounter {
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 2_000 });
  // An idle connection the database dropped is an error on the pool: noted by the next count, never a crash.
  pool.on('error', () => undefined);
  const local = new WindowCounts();
  let ready: Promise<unknown> | null = null;
  let shared = true;
  let longestWindow = 0;
  const sweep = setInterval(() => {
    if (shared && longestWindow > 0) pool.query(SWEEP, [longestWindow]).catch(() => undefined);
  }, SWEEP_MS);
  sweep.unref();
  const fallBack = (error: unknown) => {
    if (shared)
      log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'counting requests in this process: the shared rate table cannot be reached',
      );
    shared = false;
  };
  return {
    async hit(client, windowMs): Promise<WindowCount> {
      longestWindow = Math.max(longestWindow, windowMs);
      try {
        ready ??= pool.query(CREATE).catch((error: unknown) => {
          // Another process made the table at the same moment: it is there.
          if (ALREADY_MADE.has((error as { code?: string }).code ?? '')) return;
          ready = null;
          throw error;
        });
        await ready;
        const { rows } = await pool.query<{ hits: number; ttl: string }>(HIT, [client, windowMs]);
        if (!shared) log.info({}, 'counting requests in the shared rate table again');
        shared = true;
        return { current: rows[0]!.hits, ttl: Number(rows[0]!.ttl) };
      } catch (error) {
        fallBack(error);
        return local.hit(client, windowMs);
      }
    },
    async close() {
      clearInterval(sweep);
      await pool.end();
    },
  };
}

/** What every server suite of `npm run bench` is given: the run's size and the servers it started. */
import type { ServerPool } from '../harness';

export interface BenchContext {
  points: number;
  samples: number;
  dbFile: string;
  pool: ServerPool;
  /** Makan over SQLite, Makan over PostgreSQL + PostGIS (null when this run leaves it out), the baselines. */
  sqlite: string;
  postgis: string | null;
  plain: string;
  naive: string;
  /** Each server's process id, by base URL. */
  pids: Map<string, number>;
}

/** ` | PostGIS <figures>` when this run has the PostgreSQL store, else nothing. */
export const pgPart = (context: BenchContext, figures: () => string, label = 'PostGIS') =>
  context.postgis ? ` | ${label} ${figures()}` : '';

/** Runs `f` on the PostgreSQL store's server, when this run has one. */
export const onPostgis = <T>(context: BenchContext, f: (base: string) => Promise<T>): Promise<T | null> =>
  context.postgis ? f(context.postgis) : Promise.resolve(null);

/** Search (FTS5, pg_trgm) against a scan without an index, and nearest against a brute force in memory. */
import { greatCircleKm } from '../../server/geo/greatCircle';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { ratio, timeTogether } from '../harness';
import { ACADEMY, nearestRequest, randomPoints, SEARCH_QUERIES, searchRequest, SHORT_QUERIES } from '../requests';
import { ms, percentile } from '../stats';
import { onPostgis, pgPart, type BenchContext } from './context';

const SEARCH_SAMPLES = 50;

/** The strongest brute force: every Academy point in memory, each query a full pass keeping the ten nearest. */
function bruteForceNearest(dbFile: string, points: [number, number][]): { p50: number; p99: number } {
  const { db } = openDatabase(dbFile, { readonly: true });
  const rows = db
    .prepare('SELECT lat, lon FROM location l JOIN location_type t ON t.id = l.type_id WHERE t.guid = ?')
    .raw(true)
    .all(ACADEMY) as [number, number][];
  db.close();
  const timings = points.map(([lat, lon]) => {
    const started = performance.now();
    const best: number[] = [];
    for (const [pLat, pLon] of rows) {
      const d = greatCircleKm(lat, lon, pLat, pLon);
      if (best.length < 10 || d < best[best.length - 1]!) {
        best.push(d);
        best.sort((a, b) => a - b);
        if (best.length > 10) best.pop();
      }
    }
    return performance.now() - started;
  });
  return { p50: percentile(timings, 50), p99: percentile(timings, 99) };
}

export async function searchFigures(context: BenchContext): Promise<void> {
  const { sqlite, postgis, naive } = context;
  const pg = (figures: () => string, label?: string) => pgPart(context, figures, label);
  for (const [label, queries] of [
    [`${SEARCH_QUERIES.length} queries of 3+ letters`, SEARCH_QUERIES],
    [`${SHORT_QUERIES.length} queries of 2 letters`, SHORT_QUERIES],
  ] as const) {
    const [sSqlite, sPostgis, sScan] = await timeTogether(
      [sqlite, postgis, naive],
      searchRequest(queries),
      SEARCH_SAMPLES,
    );
    console.log(
      `Search, ${label}, all types, 20 results: SQLite FTS5 p50 ${ms(sSqlite.p50)} p99 ${ms(sSqlite.p99)}${pg(() => `p50 ${ms(sPostgis!.p50)} p99 ${ms(sPostgis!.p99)}`, 'PostGIS pg_trgm')} | scan without index p50 ${ms(sScan.p50)} p99 ${ms(sScan.p99)} | scan/SQLite p50 ${ratio(sScan.p50, sSqlite.p50)}`,
    );
    console.log(`  slowest: SQLite ${sSqlite.slowest}${pg(() => sPostgis!.slowest)}`);
  }
  const near = randomPoints(context.samples);
  // The first request builds the type's point index (once per dataset version): timed apart.
  const coldStarted = performance.now();
  await fetch(`${sqlite}${nearestRequest(near)(0).path}`);
  const coldSqlite = performance.now() - coldStarted;
  await onPostgis(context, (base) => fetch(`${base}${nearestRequest(near)(0).path}`));
  const coldPostgis = performance.now() - coldStarted - coldSqlite;
  console.log(`Nearest index build for Academy (first request): SQLite ${ms(coldSqlite)}${pg(() => ms(coldPostgis))}`);
  const [nSqlite, nPostgis] = await timeTogether([sqlite, postgis], nearestRequest(near), context.samples);
  const brute = bruteForceNearest(context.dbFile, near);
  console.log(
    `Nearest 10 Academy (random points in Iran): SQLite p50 ${ms(nSqlite.p50)} p99 ${ms(nSqlite.p99)}${pg(() => `p50 ${ms(nPostgis!.p50)} p99 ${ms(nPostgis!.p99)}`)} | brute force in memory, no HTTP, p50 ${ms(brute.p50)} p99 ${ms(brute.p99)} | brute/SQLite p50 ${ratio(brute.p50, nSqlite.p50)}`,
  );
}

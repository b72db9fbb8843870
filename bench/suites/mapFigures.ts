/**
 * The map's and statistics' server figures: cold builds, LazyLoad (JSON, compressed and compact) against the
 * plain kdbush baseline, clusters, chart data, requests/s under load and resident memory.
 */
import { LOCATION_TYPES } from '../../domain/locationTypes';
import { JSON_HEADERS, ratio, residentMb, timeInterleaved, timeTogether } from '../harness';
import { chartData, clusterRequest, LAZY_LOAD_PATH, ACADEMY, lazyLoad, load } from '../requests';
import { ms, percentile } from '../stats';
import { onPostgis, pgPart, type BenchContext } from './context';

const LOAD_ROUNDS = 3;
/** A whole-country view at spec zoom 6, the opening view. */
const COUNTRY = 'zoom=6&minLat=24&minLon=43&maxLat=40.5&maxLon=64';

/**
 * The first request for a type builds its in-memory points (and, for clusters, its cluster index in a
 * worker thread). Timed, with /api/meta asked every 20 ms meanwhile: its worst answer is how long the
 * event loop was held.
 */
async function coldBuild(base: string, path: string): Promise<{ took: number; stall: number }> {
  let done = false;
  const probes: number[] = [];
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${base}/api/meta`);
      probes.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  await fetch(
    base + path,
    path.includes('LazyLoad')
      ? {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({ MinLat: 35.6, MinLon: 51.3, MaxLat: 35.8, MaxLon: 51.5 }),
        }
      : undefined,
  );
  const took = performance.now() - started;
  done = true;
  await probing;
  return { took, stall: Math.max(...probes) };
}

export async function mapFigures(context: BenchContext): Promise<void> {
  const { sqlite, postgis, plain, samples } = context;
  const pg = (figures: () => string, label?: string) => pgPart(context, figures, label);
  for (const [label, path] of [
    ['points of Academy (first LazyLoad)', LAZY_LOAD_PATH],
    ['cluster index of Academy (first cluster request)', `/api/TVTOBase/OrglocationMap/${ACADEMY}?${COUNTRY}`],
  ] as const) {
    const a = await coldBuild(sqlite, path);
    const p = await onPostgis(context, (base) => coldBuild(base, path));
    console.log(
      `Cold build, ${label}: SQLite ${ms(a.took)} (worst /api/meta meanwhile ${ms(a.stall)})${pg(() => `${ms(p!.took)} (worst /api/meta ${ms(p!.stall)})`)}`,
    );
  }
  await timeTogether([sqlite, postgis, plain], lazyLoad(11), samples);
  for (const zoom of [11, 13]) {
    const [a, p, b] = await timeTogether([sqlite, postgis, plain], lazyLoad(zoom), samples);
    console.log(
      `LazyLoad JSON zoom ${zoom}: SQLite p50 ${ms(a.p50)} p99 ${ms(a.p99)}${pg(() => `p50 ${ms(p!.p50)} p99 ${ms(p!.p99)}`)} | plain kdbush p50 ${ms(b.p50)} p99 ${ms(b.p99)} | SQLite/plain p50 ${ratio(a.p50, b.p50)} p99 ${ratio(a.p99, b.p99)}${pg(() => `p50 ${ratio(p!.p50, b.p50)} p99 ${ratio(p!.p99, b.p99)}`, 'PostGIS/plain')} | ${a.rows.toFixed(0)} rows avg`,
    );
  }
  // Filtered: one gender of three, and two of three legal statuses (about 2 in 9 of the points pass).
  const filtered = `?gender=${encodeURIComponent('زنانه')}&legal=${encodeURIComponent('دولتی')}&legal=${encodeURIComponent('حقوقی')}`;
  for (const [zoom, compact] of [
    [11, false],
    [13, false],
    [11, true],
  ] as const) {
    const [all, some] = await timeInterleaved(
      [
        { base: sqlite, build: lazyLoad(zoom, compact) },
        { base: sqlite, build: lazyLoad(zoom, compact, 'identity', filtered) },
      ],
      samples,
    );
    console.log(
      `LazyLoad ${compact ? 'compact' : 'JSON'} zoom ${zoom} filtered (gender and legal status) vs unfiltered, SQLite: p50 ${ms(some!.p50)} vs ${ms(all!.p50)} (${ratio(some!.p50, all!.p50)}), p99 ${ms(some!.p99)} vs ${ms(all!.p99)} (${ratio(some!.p99, all!.p99)}) | ${some!.rows.toFixed(0)} of ${all!.rows.toFixed(0)} rows avg`,
    );
  }
  {
    const [a, p] = await timeTogether([sqlite, postgis], lazyLoad(11, false, 'br'), samples);
    console.log(
      `LazyLoad JSON zoom 11 brotli-compressed, as browsers ask (the plain baseline cannot): SQLite p50 ${ms(a.p50)} p99 ${ms(a.p99)}${pg(() => `p50 ${ms(p!.p50)} p99 ${ms(p!.p99)}`)}`,
    );
  }
  for (const zoom of [9, 11, 13]) {
    const [a, p, b] = await timeTogether([sqlite, postgis, plain], lazyLoad(zoom, true), samples);
    console.log(
      `LazyLoad compact zoom ${zoom}: SQLite p50 ${ms(a.p50)} p99 ${ms(a.p99)}${pg(() => `p50 ${ms(p!.p50)} p99 ${ms(p!.p99)}`)} | plain binary p50 ${ms(b.p50)} p99 ${ms(b.p99)} | SQLite/plain p50 ${ratio(a.p50, b.p50)}${pg(() => `p50 ${ratio(p!.p50, b.p50)}`, 'PostGIS/plain')} | ${a.rows.toFixed(0)} points avg, none cut`,
    );
  }
  for (const zoom of [5, 6, 8]) {
    const [a, p] = await timeTogether([sqlite, postgis], clusterRequest(zoom), samples);
    console.log(
      `Clusters zoom ${zoom}: SQLite p50 ${ms(a.p50)} p99 ${ms(a.p99)}${pg(() => `p50 ${ms(p!.p50)} p99 ${ms(p!.p99)}`)}${pg(() => `p50 ${ratio(p!.p50, a.p50)}`, 'PostGIS/SQLite')} | ${a.rows.toFixed(0)} bubbles avg`,
    );
  }
  {
    const [a, p] = await timeTogether([sqlite, postgis], chartData(), samples);
    console.log(
      `Chart data: SQLite p50 ${ms(a.p50)} p99 ${ms(a.p99)} (in the server, Server-Timing: p50 ${ms(a.serverP50)} p99 ${ms(a.serverP99)})${pg(() => `p50 ${ms(p!.p50)} p99 ${ms(p!.p99)} (in the server p50 ${ms(p!.serverP50)} p99 ${ms(p!.serverP99)})`)}${pg(() => `p50 ${ratio(p!.p50, a.p50)}`, 'PostGIS/SQLite')}`,
    );
  }
  // Three interleaved rounds, the median of each: one 8-s window on this shared machine can swing 2x either way.
  const rounds: { sqlite: number[]; postgis: number[]; plain: number[] } = { sqlite: [], postgis: [], plain: [] };
  for (let round = 0; round < LOAD_ROUNDS; round++) {
    rounds.sqlite.push(await load(sqlite, 13));
    if (postgis) rounds.postgis.push(await load(postgis, 13));
    rounds.plain.push(await load(plain, 13));
  }
  const rpsSqlite = percentile(rounds.sqlite, 50);
  const rpsPostgis = postgis ? percentile(rounds.postgis, 50) : null;
  const rpsPlain = percentile(rounds.plain, 50);
  console.log(
    `Load, LazyLoad JSON zoom 13, 16 connections, 8 s, one process each, median of ${LOAD_ROUNDS} interleaved rounds: SQLite ${rpsSqlite.toFixed(0)} req/s${pg(() => `${rpsPostgis!.toFixed(0)} req/s`)} | plain kdbush ${rpsPlain.toFixed(0)} req/s | SQLite/plain ${ratio(rpsSqlite, rpsPlain)}${pg(() => ratio(rpsPostgis!, rpsPlain), 'PostGIS/plain')}`,
  );
  // Every viewport type's points and cluster index built, as a long-running server ends up.
  const viewportTypes = LOCATION_TYPES.filter((t) => t.route !== '' && t.loadMode === 'viewport');
  for (const base of [sqlite, postgis]) {
    if (!base) continue;
    for (const type of viewportTypes) {
      await fetch(`${base}/api/Map/LazyLoad/${type.typeId}`, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ MinLat: 35, MinLon: 51, MaxLat: 35.1, MaxLon: 51.1 }),
      });
      await fetch(`${base}/api/TVTOBase/OrglocationMap/${type.typeId}?${COUNTRY}`);
    }
  }
  const memory = (base: string) => residentMb(context.pids.get(base)!);
  console.log(
    `Resident memory with the points and cluster indexes of all ${viewportTypes.length} viewport types built: SQLite server ${memory(sqlite)}${pg(() => memory(postgis!), 'PostGIS server')} | plain baseline (Academy only) ${memory(plain)}`,
  );
}

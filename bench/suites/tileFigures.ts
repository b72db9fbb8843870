/**
 * A tile of points (GET /api/tiles/…, domain/pointTiles.ts) against the plain kdbush server's compact box query
 * for the same box, so the same points: tiles near dense cities at each level Academy is served at, interleaved.
 * Beside them the same box query from the plain server's code behind a bare Fastify route (bench/plainServer.ts
 * `fastify`): the floor any Fastify route stands on, so a run tells the framework's share of the tile's time over
 * the plain server from the share of the house's conventions on every answer.
 */
import { POINTS_MEDIA_TYPE } from '../../domain/pointsWire';
import { tileBox, tileLevelsOf, tilePath, tilesCovering, type TileKey } from '../../domain/pointTiles';
import { NO_FILTERS } from '../../domain/filters';
import { typeByRoute } from '../../domain/locationTypes';
import { createRng } from '../../server/seed/rng';
import type { TileIndex } from '../../domain/wire/answers';
import { JSON_HEADERS, ratio, timeInterleaved, type RequestBuilder } from '../harness';
import { ACADEMY, LAZY_LOAD_PATH, viewportBox } from '../requests';
import { ms } from '../stats';
import type { BenchContext } from './context';

/** The tiles a 1280 by 800 view near a dense city reads at this level, one picked at random each time. */
function tilesNearCities(level: number, seed: number, count: number): TileKey[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => rng.pick(tilesCovering(viewportBox(level + 1, rng), level)));
}

/** Where the plain server's code answers behind a bare Fastify route, for this suite only. */
const FASTIFY_FLOOR = 'http://127.0.0.1:18185';

export async function tileFigures(context: BenchContext): Promise<void> {
  const { pool, dbFile } = context;
  const floor = await pool.start('bench/plainServer.ts', [dbFile, new URL(FASTIFY_FLOOR).port, ACADEMY, 'fastify']);
  try {
    await timeLevels(context, FASTIFY_FLOOR);
  } finally {
    await pool.stop(floor);
  }
}

async function timeLevels({ sqlite, plain, samples }: BenchContext, fastifyFloor: string): Promise<void> {
  const index = (await (await fetch(`${sqlite}/api/tiles/${ACADEMY}`)).json()) as TileIndex;
  const levels = tileLevelsOf(typeByRoute('Academy')!.minZoom!);
  for (let level = levels.min; level <= levels.max; level++) {
    const tiles = tilesNearCities(level, 40 + level, samples);
    const tile: RequestBuilder = (i) => ({
      path: `/api/${tilePath(ACADEMY, index.Version, tiles[i]!, NO_FILTERS)}`,
      init: { headers: { 'accept-encoding': 'identity' } },
    });
    const box: RequestBuilder = (i) => ({
      path: LAZY_LOAD_PATH,
      init: {
        method: 'POST',
        headers: { ...JSON_HEADERS, 'accept-encoding': 'identity', accept: POINTS_MEDIA_TYPE },
        body: JSON.stringify(tileBox(tiles[i]!)),
      },
    });
    const servers = [
      { base: sqlite, build: tile },
      { base: plain, build: box },
      { base: fastifyFloor, build: box },
    ];
    // A first round warms them all (the type's points are built on the first request).
    await timeInterleaved(servers, 5);
    const [a, b, f] = await timeInterleaved(servers, samples);
    console.log(
      `Tile of Academy, level ${level}: SQLite p50 ${ms(a!.p50)} p99 ${ms(a!.p99)} | plain kdbush box p50 ${ms(b!.p50)} p99 ${ms(b!.p99)} | the same behind bare Fastify p50 ${ms(f!.p50)} p99 ${ms(f!.p99)} | tile/plain p50 ${ratio(a!.p50, b!.p50)} p99 ${ratio(a!.p99, b!.p99)} | bare Fastify/plain p50 ${ratio(f!.p50, b!.p50)} | ${a!.rows.toFixed(0)} points a tile avg (plain ${b!.rows.toFixed(0)})`,
    );
  }
}

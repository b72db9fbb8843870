/**
 * The analyst's server figures. Area: a province-sized polygon (Tehran's outline, at most 500 vertices) asked
 * what lies inside (its first answer apart: it orders the type's names), against the plain scan of every
 * location. Coverage: the first answer for a type and filters (each settlement's nearest location found in the
 * type's k-d tree), then answers for other distances (kept per dataset version and filters), against a plain
 * baseline that measures every settlement against every location (the type's points fetched once, in the
 * compact form, and scanned here). Equity: the first answer per level (each location counted in its county),
 * then answers for other distances at each level (kept per dataset version and filters).
 */
import type { Polygon } from 'geojson';
import { AREA_MAX_VERTICES, openRing } from '../../domain/area';
import type { AreaAnswer } from '../../domain/wire/answers';
import { COVERAGE_KM, type CoverageAnswer } from '../../domain/coverage';
import { PROVINCE_SHAPES } from '../../domain/provinceShapes';
import { contains } from '../../domain/geometry';
import { decodePoints, POINTS_MEDIA_TYPE } from '../../domain/pointsWire';
import type { EquityRow } from '../../domain/equity';
import { censusSpots } from '../../server/census/censusPeople';
import { greatCircleKm } from '../../server/geo/greatCircle';
import { JSON_HEADERS, ratio, timeTogether } from '../harness';
import { ACADEMY } from '../requests';
import { ms } from '../stats';
import type { BenchContext } from './context';

const FILTERS = [
  '',
  `&gender=${encodeURIComponent('زنانه')}`,
  `&legal=${encodeURIComponent('دولتی')}&gender=${encodeURIComponent('مردانه')}`,
];

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await f();
  return [value, performance.now() - started];
}

/** Tehran province's outer ring, thinned to at most AREA_MAX_VERTICES vertices. */
function tehranRing(): [number, number][] {
  const feature = PROVINCE_SHAPES.features.find((f) => f.properties.name_en === 'Tehran')!;
  const ring = (
    feature.geometry.type === 'Polygon' ? feature.geometry.coordinates[0]! : feature.geometry.coordinates[0]![0]!
  ) as [number, number][];
  const step = Math.ceil(ring.length / (AREA_MAX_VERTICES - 1));
  return openRing(ring.filter((_, i) => i % step === 0));
}

async function areaFigures(context: BenchContext, positions: Float32Array, count: number): Promise<void> {
  const ring = tehranRing();
  const body = JSON.stringify({ Polygon: ring });
  // The first answer of a dataset version also orders the type's names (once, in a worker).
  const [, first] = await timed(() =>
    fetch(`${context.sqlite}/api/area/${ACADEMY}`, { method: 'POST', headers: JSON_HEADERS, body }).then((r) =>
      r.json(),
    ),
  );
  const [timing] = await timeTogether(
    [context.sqlite],
    () => ({ path: `/api/area/${ACADEMY}`, init: { method: 'POST', headers: JSON_HEADERS, body } }),
    context.samples,
  );
  const polygon: Polygon = { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
  const [inside, scanned] = await timed(async () => {
    let n = 0;
    for (let p = 0; p < count; p++) if (contains(polygon, positions[2 * p]!, positions[2 * p + 1]!)) n++;
    return n;
  });
  const answer = (await (
    await fetch(`${context.sqlite}/api/area/${ACADEMY}`, { method: 'POST', headers: JSON_HEADERS, body })
  ).json()) as AreaAnswer;
  console.log(
    `Area, Tehran province (${ring.length} vertices) at ${count.toLocaleString('en-US')} Academy locations: p50 ${ms(timing!.p50)} p99 ${ms(timing!.p99)} | first answer (names ordered) ${ms(first)} | plain scan of every location ${ms(scanned)} | ${answer.Count.toLocaleString('en-US')} inside (the scan: ${inside.toLocaleString('en-US')}, float32 positions)`,
  );
}

async function equityFigures(context: BenchContext): Promise<void> {
  const { sqlite, samples } = context;
  for (const level of ['province', 'county'] as const) {
    const [rows, first] = await timed(() =>
      fetch(`${sqlite}/api/equity/${ACADEMY}?level=${level}&km=25`).then((r) => r.json() as Promise<EquityRow[]>),
    );
    let i = 0;
    const [warm] = await timeTogether(
      [sqlite],
      () => ({ path: `/api/equity/${ACADEMY}?level=${level}&km=${COVERAGE_KM[i++ % COVERAGE_KM.length]}` }),
      samples,
    );
    console.log(
      `Equity per ${level} (${rows.length} rows): p50 ${ms(warm!.p50)} p99 ${ms(warm!.p99)} after warm-up | first answer for a type and filters (each location counted in its county) ${ms(first)}`,
    );
  }
}

export async function coverageFigures(context: BenchContext): Promise<void> {
  const { sqlite, samples } = context;
  // The type's points built first (any map call builds them): what is timed is coverage itself.
  await fetch(`${sqlite}/api/Map/LazyLoad/${ACADEMY}`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ MinLat: 35, MinLon: 51, MaxLat: 35.1, MaxLon: 51.1 }),
  });
  const colds: number[] = [];
  for (const filters of FILTERS) {
    const [, took] = await timed(() =>
      fetch(`${sqlite}/api/coverage/${ACADEMY}?km=25${filters}`).then((r) => r.json()),
    );
    colds.push(took);
  }
  console.log(
    `Coverage, first answer per type and filters (every settlement's nearest found): ${colds.map(ms).join(', ')} (none, one gender, gender and legal status)`,
  );
  let i = 0;
  const [warm] = await timeTogether(
    [sqlite],
    () => ({ path: `/api/coverage/${ACADEMY}?km=${COVERAGE_KM[i++ % COVERAGE_KM.length]}` }),
    samples,
  );
  // The plain baseline: every location of the type, every settlement against each.
  const all = await fetch(`${sqlite}/api/Map/LazyLoad/${ACADEMY}`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, accept: POINTS_MEDIA_TYPE },
    body: JSON.stringify({ MinLat: -90, MinLon: -180, MaxLat: 90, MaxLon: 180 }),
  });
  const points = decodePoints(await all.arrayBuffer());
  const [far, scanned] = await timed(async () => {
    let people = 0;
    for (const s of censusSpots()) {
      let nearest = Infinity;
      for (let p = 0; p < points.count; p++)
        nearest = Math.min(
          nearest,
          greatCircleKm(s.lat, s.lon, points.positions[2 * p + 1]!, points.positions[2 * p]!),
        );
      if (nearest > 25) people += s.population;
    }
    return people;
  });
  const answer = (await (await fetch(`${sqlite}/api/coverage/${ACADEMY}?km=25`)).json()) as CoverageAnswer;
  await areaFigures(context, points.positions, points.count);
  await equityFigures(context);
  console.log(
    `Coverage at ${points.count.toLocaleString('en-US')} Academy locations, ${censusSpots().length} census spots: answers for other distances p50 ${ms(warm.p50)} p99 ${ms(warm.p99)} | first answer ${ms(colds[0]!)} | plain scan of every pair ${ms(scanned)} (first answer / scan ${ratio(colds[0]!, scanned)}) | far at 25 km: ${answer.PopulationFar.toLocaleString('en-US')} people (the scan: ${far.toLocaleString('en-US')}, float32 positions)`,
  );
}

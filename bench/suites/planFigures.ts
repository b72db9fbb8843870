/**
 * What-if plans and suggested sites (domain/plan.ts) at the run's size, after warm-up: a plan of ten changes (five
 * sites opened at towns, five locations closed), each request a different plan, and a suggestion of five sites,
 * against a strong plain baseline that recomputes every census spot's nearest location for the same plan (a
 * k-d tree over the type's points built once, not timed; every spot asked again, the closed left out, the new
 * sites compared), where Makan moves only the spots within K of a site and those whose nearest was closed.
 */
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import gazetteer from '../../domain/data/gazetteer.json';
import type { PlanAnswer, SuggestAnswer } from '../../domain/plan';
import { decodePoints, POINTS_MEDIA_TYPE } from '../../domain/pointsWire';
import type { MapLocation } from '../../domain/gateway';
import { censusSpots } from '../../server/census/censusPeople';
import { greatCircleKm } from '../../server/geo/greatCircle';
import { JSON_HEADERS, ratio, timeTogether } from '../harness';
import { ACADEMY } from '../requests';
import { ms, percentile } from '../stats';
import type { BenchContext } from './context';

const KM = 25;
const SITES = 5;
const CLOSURES = 5;

export async function planFigures(context: BenchContext): Promise<void> {
  const { sqlite, samples } = context;
  // Every Academy location's position (and, for the closures, some of their Guids).
  const all = await fetch(`${sqlite}/api/Map/LazyLoad/${ACADEMY}`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, accept: POINTS_MEDIA_TYPE },
    body: JSON.stringify({ MinLat: -90, MinLon: -180, MaxLat: 90, MaxLon: 180 }),
  });
  const points = decodePoints(await all.arrayBuffer());
  const some = (await (
    await fetch(`${sqlite}/api/Map/LazyLoad/${ACADEMY}`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ MinLat: 35.6, MinLon: 51.3, MaxLat: 35.8, MaxLon: 51.5 }),
    })
  ).json()) as MapLocation[];
  const towns = gazetteer.cities;
  const planOf = (i: number) => {
    const sites = Array.from({ length: SITES }, (_, k) => towns[(i * SITES + k) % towns.length]!);
    const closed = Array.from({ length: CLOSURES }, (_, k) => some[(i * CLOSURES + k) % some.length]!);
    return { sites, closed };
  };
  const pathOf = (i: number) => {
    const { sites, closed } = planOf(i);
    return `/api/plan/${ACADEMY}?km=${KM}&add=${sites.map((t) => `${t.lon},${t.lat}`).join(';')}&close=${closed.map((l) => l.Guid).join(',')}`;
  };
  // Warm: the type's points and every spot's nearest location, as any coverage answer builds them.
  await fetch(`${sqlite}${pathOf(0)}`).then((r) => r.json());
  let i = 0;
  const [planTiming] = await timeTogether([sqlite], () => ({ path: pathOf(++i) }), samples);
  let j = 0;
  const objectives = ['population', 'youth', 'women'];
  const [suggestTiming] = await timeTogether(
    [sqlite],
    () => ({ path: `/api/plan/${ACADEMY}/suggest?km=${KM}&n=5&for=${objectives[j++ % 3]}` }),
    Math.min(samples, 50),
  );

  // The plain baseline, for the same plans: every spot's nearest recomputed.
  const tree = new KDBush(points.count);
  for (let p = 0; p < points.count; p++) tree.add(points.positions[2 * p]!, points.positions[2 * p + 1]!);
  tree.finish();
  const spots = censusSpots();
  const plain: number[] = [];
  let plainFar = 0;
  for (let k = 1; k <= Math.min(samples, 20); k++) {
    const { sites, closed } = planOf(k);
    const started = performance.now();
    const closedAt = closed.map((l) => [Math.fround(l.Long), Math.fround(l.Lat)] as const);
    const open = (id: number) =>
      !closedAt.some(([lon, lat]) => points.positions[2 * id] === lon && points.positions[2 * id + 1] === lat);
    let far = 0;
    for (const spot of spots) {
      const [id] = around(tree, spot.lon, spot.lat, 1, Infinity, closedAt.length > 0 ? open : undefined);
      let nearest =
        id === undefined
          ? Infinity
          : greatCircleKm(spot.lat, spot.lon, points.positions[2 * id + 1]!, points.positions[2 * id]!);
      for (const site of sites) nearest = Math.min(nearest, greatCircleKm(spot.lat, spot.lon, site.lat, site.lon));
      if (nearest > KM) far += spot.population;
    }
    plain.push(performance.now() - started);
    if (k === 1) plainFar = far;
  }
  const answer = (await (await fetch(`${sqlite}${pathOf(1)}`)).json()) as PlanAnswer;
  const suggestion = (await (
    await fetch(`${sqlite}/api/plan/${ACADEMY}/suggest?km=${KM}&n=5&for=population`)
  ).json()) as SuggestAnswer;
  const plainP50 = percentile(plain, 50);
  console.log(
    `Plans at ${points.count.toLocaleString('en-US')} Academy locations, ${spots.length} census spots, ${KM} km: a plan of ${SITES} sites and ${CLOSURES} closures p50 ${ms(planTiming!.p50)} p99 ${ms(planTiming!.p99)} | plain recomputation of every spot's nearest p50 ${ms(plainP50)} (plan / plain ${ratio(planTiming!.p50, plainP50)}) | far after the plan: ${answer.After.PopulationFar.toLocaleString('en-US')} people (the plain one: ${plainFar.toLocaleString('en-US')}, float32 positions)`,
  );
  console.log(
    `Suggestion of 5 sites (greedy over ${(towns.length + spots.length).toLocaleString('en-US')} candidates): p50 ${ms(suggestTiming!.p50)} p99 ${ms(suggestTiming!.p99)} | brings ${suggestion.Sites.reduce((s, x) => s + x.Gain.Population, 0).toLocaleString('en-US')} people within ${KM} km`,
  );
}

/**
 * What-if plans and suggested sites (domain/plan.ts) over coverage's distances (server/coverage), worked out
 * incrementally: the distances of every census spot to the type's nearest location are kept per dataset version
 * and filters, a new site moves only the spots within K of it (found in a k-d tree of the spots), and a closure
 * only the spots whose nearest location it was. The counties' need ranks come from the equity rule
 * (server/equity) with the plan's locations per county and people far.
 */
import KDBush from 'kdbush';
import { LRUCache } from 'lru-cache';
import { around } from 'geokdbush';
import gazetteer from '../../domain/data/gazetteer.json';
import type { Filters } from '../../domain/filters';
import { greedyCoverage, type PlanObjective, type PlanPoint } from '../../domain/plan';
import { PROVINCES } from '../../domain/provinces';
import type {
  EquityRow,
  PeopleFar,
  PlanAnswer,
  PlanClosure,
  PlanSite,
  SuggestAnswer,
  SuggestedSite,
} from '../../domain/wire/answers';
import { censusSpots } from '../census/censusPeople';
import { COUNTIES } from '../census/counties';
import { nearestOf, nearestSearch, type CoverageIndex } from '../coverage/CoverageIndex';
import { addSpot, isFar, noneFar, peopleFar } from '../coverage/peopleFar';
import { farByCounty, type EquityIndex, type Far } from '../equity/EquityIndex';
import { greatCircleKm } from '../geo/greatCircle';
import { provinceAt } from '../../domain/provinceLocator';
import { badRequest } from '../http/errors';
import type { PointIndex } from '../points/PointIndex';
import { filterHash, filterOf } from '../points/pointScans';
import { locationOf, type TypePoints } from '../points/TypePoints';
import { provinceKeyOf } from '../store/catalogueKeys';
import type { LocationStore } from '../store/LocationStore';

/** The census's spots in a k-d tree: the spots within K of a site are a query, not a pass over all of them. */
let spotTree: KDBush | null = null;
function spotsNear(lon: number, lat: number, km: number): number[] {
  const spots = censusSpots();
  if (spotTree === null) {
    const tree = new KDBush(spots.length);
    for (const spot of spots) tree.add(spot.lon, spot.lat);
    tree.finish();
    spotTree = tree;
  }
  return around(spotTree, lon, lat, Infinity, km);
}

const PROVINCE_EN = new Map(PROVINCES.map((p) => [p.iso_3166_2, p.name_en]));

/** What a set of spots newly reached adds up to, in all three counts. */
function gained(spots: readonly number[]): PlanSite['Gain'] {
  const all = censusSpots();
  const gain = { Population: 0, Youth: 0, Women: 0 };
  for (const i of spots) {
    gain.Population += all[i]!.population;
    gain.Youth += all[i]!.youth;
    gain.Women += all[i]!.women;
  }
  return gain;
}

/** A candidate site of a suggestion: a town of the place search's gazetteer, or a spot where the census puts people. */
interface Candidate {
  lon: number;
  lat: number;
  name: string;
  enName: string;
  province: string;
}

/** To the sixth decimal (about 10 cm): a site is named as a plan's address writes it, and counted as named. */
const round6 = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

const townOf = (c: (typeof gazetteer.cities)[number]) => ({
  lon: round6(c.lon),
  lat: round6(c.lat),
  name: c.name,
  enName: 'en' in c && typeof c.en === 'string' ? c.en : c.name,
  province: c.iso,
});

/** The gazetteer's town nearest a point: how a plan names a site clicked on the map. */
function nearestTown(lon: number, lat: number): Candidate {
  let best = gazetteer.cities[0]!;
  let bestKm = Infinity;
  for (const city of gazetteer.cities) {
    const km = greatCircleKm(lat, lon, city.lat, city.lon);
    if (km < bestKm) [best, bestKm] = [city, km];
  }
  return townOf(best);
}

function candidatesIn(province: string | null): Candidate[] {
  const towns = gazetteer.cities.filter((c) => province === null || c.iso === province).map(townOf);
  const spots = censusSpots()
    .filter((s) => province === null || s.province === province)
    .map((s) => ({
      lon: round6(s.lon),
      lat: round6(s.lat),
      name: s.nameFa ?? s.name,
      enName: s.name,
      province: s.province,
    }));
  return [...towns, ...spots];
}

export class PlanIndex {
  /**
   * The counties' rows without a plan, per type, version, filters and distance: every plan of the same question
   * starts from them (the ranks cost more than the rest of a plan).
   */
  private readonly rowsBefore = new LRUCache<string, EquityRow[]>({ max: 64 });

  constructor(
    private readonly points: PointIndex,
    private readonly store: LocationStore,
    private readonly coverage: CoverageIndex,
    private readonly equity: EquityIndex,
  ) {}

  /** Coverage and the counties' need before and after opening `add` and closing the locations `close` (Guids). */
  async plan(typeId: string, km: number, filters: Filters, add: readonly PlanPoint[], close: readonly string[]) {
    const outside = add.find((site) => provinceAt(site.lat, site.lon) === null);
    if (outside) throw badRequest(`the site ${outside.lon},${outside.lat} is outside Iran`);
    const [typePoints, base, countsBefore] = await Promise.all([
      this.points.get(typeId),
      this.coverage.spotNearest(typeId, filters),
      this.equity.countyCounts(typeId, filters),
    ]);
    const filter = filterOf(typePoints, filters);
    const { ids: closed, closures } = await this.idsOf(typePoints, close);
    const distances = [...base.distances];
    const counts = Float64Array.from(countsBefore);
    const spots = censusSpots();

    // A closure moves only the spots whose nearest location it was: each finds its nearest among those left.
    if (closed.size > 0) {
      const search = nearestSearch(typePoints, filter);
      const left = (id: number) => !closed.has(id);
      base.nearest.forEach((id, i) => {
        if (!closed.has(id)) return;
        distances[i] = nearestOf(search, spots[i]!.lon, spots[i]!.lat, left)?.km ?? null;
      });
      for (const [id, closure] of closures) {
        const [lon, lat] = [typePoints.coordinates[2 * id]!, typePoints.coordinates[2 * id + 1]!];
        const county = this.equity.countyAt(typePoints.facets.province[id]!, lon, lat);
        closure.County = county >= 0 ? COUNTIES[county]!.code : null;
        if (filter !== null && !filter(id)) continue;
        if (county >= 0) counts[county]! -= 1;
      }
    }

    // A new site moves only the spots within K of it; its gain is those it reaches that nothing before it did.
    const sites = add.map((site): PlanSite => {
      const reached: number[] = [];
      for (const i of spotsNear(site.lon, site.lat, km)) {
        const d = greatCircleKm(site.lat, site.lon, spots[i]!.lat, spots[i]!.lon);
        if (isFar(distances[i]!, km) && d <= km) reached.push(i);
        if (distances[i] === null || d < distances[i]!) distances[i] = d;
      }
      const county = this.equity.countyAt(provinceKeyOf.get(provinceAt(site.lat, site.lon)!)!, site.lon, site.lat);
      if (county >= 0) counts[county]! += 1;
      const town = nearestTown(site.lon, site.lat);
      return {
        Lon: site.lon,
        Lat: site.lat,
        Name: town.name,
        EnName: town.enName,
        County: county >= 0 ? COUNTIES[county]!.code : null,
        Gain: gained(reached),
      };
    });

    const before = peopleFar(base.distances, km);
    const after = peopleFar(distances, km);
    const farBefore = farByCounty(base.distances, km);
    const farAfter = farByCounty(distances, km);
    const beforeKey = `${typeId}|${typePoints.version}|${filterHash(filters)}|${km}`;
    let ranksBefore = this.rowsBefore.get(beforeKey);
    if (ranksBefore === undefined) {
      ranksBefore = this.equity.rowsOf('county', countsBefore, farBefore);
      this.rowsBefore.set(beforeKey, ranksBefore);
    }
    const ranksAfter = this.equity.rowsOf('county', counts, farAfter);
    const answer: PlanAnswer = {
      Km: km,
      Before: before.all,
      After: after.all,
      Provinces: PROVINCES.map((p) => ({
        EnName: p.name_en,
        Before: before.byProvince.get(p.iso_3166_2)!,
        After: after.byProvince.get(p.iso_3166_2)!,
      })),
      Counties: COUNTIES.map((county, i) => ({
        Code: county.code,
        Name: county.nameFa,
        EnName: ranksBefore[i]!.EnName,
        Province: PROVINCE_EN.get(county.province)!,
        Before: countyFigures(county, farBefore[i]!),
        After: countyFigures(county, farAfter[i]!),
        NeedRankBefore: ranksBefore[i]!.NeedRank,
        NeedRankAfter: ranksAfter[i]!.NeedRank,
      })),
      Sites: sites,
      Closed: [...closures.values()],
    };
    return answer;
  }

  /**
   * The greedy choice of up to `n` new sites among every town of the gazetteer and every spot where the census
   * puts people (in the province, when one is given), for the people `objective` counts; the figures are the
   * nation's, or the province's.
   */
  async suggest(
    typeId: string,
    km: number,
    filters: Filters,
    n: number,
    objective: PlanObjective,
    province: string | null,
  ): Promise<SuggestAnswer> {
    const base = await this.coverage.spotNearest(typeId, filters);
    const spots = censusSpots();
    const inScope = (i: number) => province === null || spots[i]!.province === province;
    const farSpots = (i: number) => inScope(i) && isFar(base.distances[i]!, km);
    const candidates = candidatesIn(province);
    const reach = candidates.map((c) =>
      spotsNear(c.lon, c.lat, km).filter(
        (i) => farSpots(i) && greatCircleKm(c.lat, c.lon, spots[i]!.lat, spots[i]!.lon) <= km,
      ),
    );
    // A spot's people of the objective: its field of that name (population, youth, women).
    const { chosen } = greedyCoverage(reach, (i) => spots[i]![objective], n);
    const covered = new Set<number>();
    const sites = chosen.map((c): SuggestedSite => {
      const reached = reach[c]!.filter((i) => !covered.has(i));
      for (const i of reached) covered.add(i);
      const { lon, lat, name, enName, province: iso } = candidates[c]!;
      return { Lon: lon, Lat: lat, Name: name, EnName: enName, Province: PROVINCE_EN.get(iso)!, Gain: gained(reached) };
    });
    const before = noneFar();
    const after = noneFar();
    spots.forEach((spot, i) => {
      if (!inScope(i)) return;
      const far = isFar(base.distances[i]!, km);
      addSpot(before, spot, far);
      addSpot(after, spot, far && !covered.has(i));
    });
    return { Km: km, For: objective, Province: province, Before: before, After: after, Sites: sites };
  }

  /**
   * The point ids of the type's locations these Guids name, each with what the answer says of it (its county is
   * filled in by the caller); a Guid the type does not have is refused.
   */
  private async idsOf(
    typePoints: TypePoints,
    guids: readonly string[],
  ): Promise<{ ids: Set<number>; closures: Map<number, PlanClosure> }> {
    const details = await Promise.all(guids.map((guid) => this.store.locationDetail(guid)));
    const ids = new Set<number>();
    const closures = new Map<number, PlanClosure>();
    guids.forEach((guid, i) => {
      const detail = details[i];
      const id =
        detail === null || detail === undefined
          ? undefined
          : // Every location within a metre of the stored point: several may share one spot.
            around(typePoints.tree, detail.lon, detail.lat, Infinity, 0.001).find(
              (candidate) => locationOf(typePoints, candidate).Guid.toUpperCase() === guid,
            );
      if (id === undefined) throw badRequest(`no location of this type has the Guid ${guid}`);
      ids.add(id);
      closures.set(id, { Guid: guid, Name: detail!.name, Lon: detail!.lon, Lat: detail!.lat, County: null });
    });
    return { ids, closures };
  }
}

/** A county's six figures from the census's own totals and its people far. */
function countyFigures(county: (typeof COUNTIES)[number], far: Far): PeopleFar {
  return {
    PopulationTotal: county.population,
    PopulationFar: far.population,
    YouthTotal: county.youth,
    YouthFar: far.youth,
    WomenTotal: county.women,
    WomenFar: far.women,
  };
}

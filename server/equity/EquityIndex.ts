/**
 * Need against supply (domain/equity.ts), per province or county: the census's figures, the type's locations
 * under the filters, and the share of people far from them. A location counts in the county of the nearest seat
 * in its province (the census gives no county outlines; a county whose seat the gazetteer lacks counts none, and
 * says so). Counts per county are kept per dataset version and filters, like the coverage's distances, so
 * another distance or level is a pass over a few hundred numbers.
 */
import { needRanks, needScores, type EquityLevel, type EquityRow } from '../../domain/equity';
import type { Filters } from '../../domain/filters';
import { PROVINCES } from '../../domain/provinces';
import { RATE_BASE } from '../../domain/population';
import { censusPlacement, PROVINCE_POINTS, spotOfPoint } from '../census/censusPeople';
import { COUNTIES, type County } from '../census/counties';
import type { CoverageIndex } from '../coverage/CoverageIndex';
import type { PointIndex } from '../points/PointIndex';
import { filterHash, filterOf } from '../points/pointScans';
import { DERIVED_BY_FILTERS_BYTES, PerTypeCache } from '../derived/perTypeCache';
import { isFar } from '../coverage/peopleFar';

const RADIANS = Math.PI / 180;

interface Seat {
  county: number;
  lat: number;
  lon: number;
  /** The width of a degree of longitude there, against one of latitude. */
  scale: number;
}

/** Each province's seats (by its catalogue key, 1-based), and the county that takes a point with no seat near. */
function seatsByProvince(): { seats: Seat[][]; fallback: number[] } {
  const { seats } = censusPlacement();
  const byProvince = PROVINCES.map(() => [] as Seat[]);
  const fallback = PROVINCES.map(() => -1);
  COUNTIES.forEach((county, i) => {
    const p = PROVINCES.findIndex((province) => province.iso_3166_2 === county.province);
    const seat = seats.get(county.code);
    if (seat) byProvince[p]!.push({ county: i, lat: seat.lat, lon: seat.lon, scale: Math.cos(seat.lat * RADIANS) });
    if (fallback[p] === -1 || county.population > COUNTIES[fallback[p]!]!.population) fallback[p] = i;
  });
  return { seats: [[], ...byProvince], fallback: [-1, ...fallback] };
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const COUNTY_INDEX = new Map(COUNTIES.map((c, i) => [c.code, i]));
const PROVINCE_EN = new Map(PROVINCES.map((p) => [p.iso_3166_2, p.name_en]));

interface Figures {
  code: string;
  name: string;
  enName: string;
  province: string;
  people: Omit<County, 'province' | 'code' | 'nameFa'>;
  count: number;
  /** Residents farther than the distance: all, aged 15-29, women. */
  far: Far;
  seated: boolean;
  /** Where it is drawn: a county's seat town, a province's centre; null for a county with no seat found. */
  point: { lat: number; lon: number } | null;
}

export interface Far {
  population: number;
  youth: number;
  women: number;
}

const NO_PEOPLE = (): Figures['people'] => ({
  population: 0,
  women: 0,
  youth: 0,
  labourForce: 0,
  unemployed: 0,
  labourForceWomen: 0,
  unemployedWomen: 0,
});

function addPeople(to: Figures['people'], from: Figures['people']): void {
  for (const key of Object.keys(to) as (keyof Figures['people'])[]) to[key] += from[key];
}

function rowsOf(figures: readonly Figures[]): EquityRow[] {
  const rows = figures.map((f) => ({
    Code: f.code,
    Name: f.name,
    EnName: f.enName,
    Province: f.province,
    Population: f.people.population,
    Youth: f.people.youth,
    Women: f.people.women,
    LabourForce: f.people.labourForce,
    Unemployed: f.people.unemployed,
    LabourForceWomen: f.people.labourForceWomen,
    UnemployedWomen: f.people.unemployedWomen,
    Count: f.count,
    PerYouth100k: rate(f.count * RATE_BASE, f.people.youth),
    UnemploymentRate: rate(f.people.unemployed, f.people.labourForce),
    UnemploymentRateWomen: rate(f.people.unemployedWomen, f.people.labourForceWomen),
    YouthShare: rate(f.people.youth, f.people.population),
    FarShare: rate(f.far.population, f.people.population),
    YouthFarShare: rate(f.far.youth, f.people.youth),
    WomenFarShare: rate(f.far.women, f.people.women),
    Seated: f.seated,
    Lat: f.point?.lat ?? null,
    Long: f.point?.lon ?? null,
  }));
  const need = needScores(rows);
  const ranks = needRanks(rows, need);
  return rows.map((row, i) => ({ ...row, Need: need[i]!, NeedRank: ranks[i]! }));
}

/** The census's people farther than km from the nearest location (spot distances of coverage), per county. */
export function farByCounty(distances: readonly (number | null)[], km: number): Far[] {
  const { points } = censusPlacement();
  const spotOf = spotOfPoint();
  const farIn = COUNTIES.map((): Far => ({ population: 0, youth: 0, women: 0 }));
  points.forEach((point, i) => {
    const distance = distances[spotOf[i]!]!;
    if (!isFar(distance, km)) return;
    const far = farIn[COUNTY_INDEX.get(point.county)!]!;
    far.population += point.population;
    far.youth += point.youth;
    far.women += point.women;
  });
  return farIn;
}

export class EquityIndex {
  /** Locations per county (in COUNTIES order), by type, version and filters. */
  private readonly countsByKey = new PerTypeCache((key, filters: Filters) => this.countCounties(key, filters), {
    limit: DERIVED_BY_FILTERS_BYTES,
    weigh: (counts) => counts.byteLength,
  });
  private seats: ReturnType<typeof seatsByProvince> | null = null;

  constructor(
    private readonly points: PointIndex,
    private readonly coverage: CoverageIndex,
  ) {}

  clear(): void {
    this.countsByKey.clear();
  }

  private async countCounties(key: string, filters: Filters): Promise<Float64Array> {
    const [typeId] = key.split('|') as [string];
    const typePoints = await this.points.get(typeId);
    const filter = filterOf(typePoints, filters);
    const counts = new Float64Array(COUNTIES.length);
    const { coordinates } = typePoints;
    for (let id = 0; id < typePoints.count; id++) {
      if (filter !== null && !filter(id)) continue;
      const county = this.countyAt(typePoints.facets.province[id]!, coordinates[2 * id]!, coordinates[2 * id + 1]!);
      if (county >= 0) counts[county]! += 1;
    }
    return counts;
  }

  /**
   * The county (its index in COUNTIES) a location at this point counts in: the nearest seat in its province (by
   * catalogue key), else the province's most populous county; -1 for a point of no province.
   */
  countyAt(province: number, lon: number, lat: number): number {
    this.seats ??= seatsByProvince();
    const { seats, fallback } = this.seats;
    let nearest = fallback[province] ?? -1;
    let best = Infinity;
    for (const seat of seats[province] ?? []) {
      const dx = (lon - seat.lon) * seat.scale;
      const dy = lat - seat.lat;
      const d = dx * dx + dy * dy;
      if (d < best) [best, nearest] = [d, seat.county];
    }
    return nearest;
  }

  /** The type's locations (under the filters) per county, in COUNTIES order. */
  async countyCounts(typeId: string, filters: Filters): Promise<Float64Array> {
    const version = (await this.points.get(typeId)).version;
    const key = `${typeId}|${version}|${filterHash(filters)}`.toUpperCase();
    return this.countsByKey.get(key, filters);
  }

  async equity(typeId: string, level: EquityLevel, km: number, filters: Filters): Promise<EquityRow[]> {
    const [counts, distances] = await Promise.all([
      this.countyCounts(typeId, filters),
      this.coverage.spotDistances(typeId, filters),
    ]);
    return this.rowsOf(level, counts, farByCounty(distances, km));
  }

  /**
   * The rows of a level from the locations per county and the people far per county (farByCounty): the equity
   * answer's, and a plan's before and after it.
   */
  rowsOf(level: EquityLevel, counts: ArrayLike<number>, farIn: readonly Far[]): EquityRow[] {
    const { seats } = censusPlacement();
    const counties = COUNTIES.map(({ province, code, nameFa, ...people }, i): Figures => {
      const seat = seats.get(code);
      return {
        code,
        name: nameFa,
        // A county named for its seat town takes the town's English name; the rest have none published.
        enName: seat?.countyNameEn ?? nameFa,
        province: PROVINCE_EN.get(province)!,
        people,
        count: counts[i]!,
        far: farIn[i]!,
        seated: seat !== undefined,
        point: seat ? { lat: seat.lat, lon: seat.lon } : null,
      };
    });
    if (level === 'county') return rowsOf(counties);
    return rowsOf(
      PROVINCES.map((p) => {
        const province: Figures = {
          code: p.iso_3166_2,
          name: p.name_fa,
          enName: p.name_en,
          province: p.name_en,
          people: NO_PEOPLE(),
          count: 0,
          far: { population: 0, youth: 0, women: 0 },
          seated: true,
          point: PROVINCE_POINTS.get(p.iso_3166_2) ?? null,
        };
        counties.forEach((c, i) => {
          if (COUNTIES[i]!.province !== p.iso_3166_2) return;
          addPeople(province.people, c.people);
          province.count += c.count;
          province.far.population += c.far.population;
          province.far.youth += c.far.youth;
          province.far.women += c.far.women;
        });
        return province;
      }),
    );
  }
}

/**
 * Where the census's people are, for distances: the one rule that puts every resident of the 2016 census at a
 * point, so that a share of people far from a centre is a share of all 79,926,270, not of the towns a gazetteer
 * happens to list. Three steps, in this order:
 *
 * 1. **Seat.** A county whose name is a town of the place gazetteer in its province (the census names most
 *    counties after their seat town) has its seat at that town.
 * 2. **Places.** Each GeoNames place of 1,000 people or more belongs to the county of the nearest seat in its
 *    province and keeps its own population (all of a county's places scaled down together when they would hold
 *    more people than the county has); the rest of the county's people (its villages) sit at its seat.
 * 3. **Province.** A county with no seat found has its people spread over the points of its province placed by
 *    steps 1 and 2, in proportion to the people each holds (or, in a province with none, over its GeoNames places
 *    by their population, or at the province's own point).
 *
 * Each point's people aged 15-29 and women are its county's shares of them. Whole people throughout: every split
 * is by largest remainder, so the points of a county add up to its census figures exactly, and all of them to
 * the census total.
 */
import { foldText } from '../../domain/text';
import { greatCircleKm } from '../geo/greatCircle';
import type { County } from './counties';

export const PLACEMENT_STEPS = ['seat', 'places', 'province'] as const;
export type PlacementStep = (typeof PLACEMENT_STEPS)[number];

/** A gazetteer town: a possible county seat. */
export interface Town {
  nameFa: string;
  nameEn?: string;
  /** The English name of the county named for this town (none where the county is named for no town). */
  countyNameEn?: string;
  province: string;
  lat: number;
  lon: number;
}

/** A GeoNames place with its population. */
export interface Place {
  name: string;
  nameFa?: string;
  province: string;
  lat: number;
  lon: number;
  population: number;
}

/** People of one county at one point, and by which step they were put there. */
export interface PlacedPeople {
  lat: number;
  lon: number;
  province: string;
  /** The census code of the county they are counted in. */
  county: string;
  /** The point's name: the place's or the seat's, in Latin letters where known. */
  name: string;
  nameFa?: string;
  population: number;
  youth: number;
  women: number;
  step: PlacementStep;
}

export interface CensusPlacement {
  points: readonly PlacedPeople[];
  /** Each seated county's seat, by census code. */
  seats: ReadonlyMap<string, Town>;
  /** How many people each step placed. */
  byStep: Readonly<Record<PlacementStep, number>>;
  /** Counties placed by each step's rule (a county with a seat counts under 'seat'). */
  countiesByStep: Readonly<Record<'seat' | 'province', number>>;
}

/** Names compared as the census and the gazetteer write them: folded, without spaces or joiners. */
const nameKey = (name: string) => foldText(name).replaceAll(' ', '');

/**
 * `total` split in whole numbers in proportion to `weights` (largest remainder; ties to the earlier). With
 * no weight at all, evenly.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (sum > 0 ? (total * w) / sum : total / weights.length));
  const whole = shares.map(Math.floor);
  let left = total - whole.reduce((a, b) => a + b, 0);
  const order = shares.map((s, i) => ({ i, r: s - Math.floor(s) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    whole[i]! += 1;
    left -= 1;
  }
  return whole;
}

interface Spot {
  lat: number;
  lon: number;
  province: string;
  name: string;
  nameFa?: string;
  people: number;
  step: 'seat' | 'places';
}

/** A county's people split over spots by the spots' weights: youth and women in the county's proportions. */
function share(county: County, spots: readonly Spot[], weights: readonly number[], step?: PlacementStep) {
  const people = apportion(county.population, weights);
  const youth = apportion(county.youth, people);
  const women = apportion(county.women, people);
  return spots.flatMap((spot, i): PlacedPeople[] =>
    people[i]! > 0
      ? [
          {
            lat: spot.lat,
            lon: spot.lon,
            province: county.province,
            county: county.code,
            name: spot.name,
            ...(spot.nameFa === undefined ? {} : { nameFa: spot.nameFa }),
            population: people[i]!,
            youth: youth[i]!,
            women: women[i]!,
            step: step ?? spot.step,
          },
        ]
      : [],
  );
}

export function placeCensus(
  counties: readonly County[],
  towns: readonly Town[],
  places: readonly Place[],
  provincePoints: ReadonlyMap<string, { lat: number; lon: number }>,
): CensusPlacement {
  const townByKey = new Map(towns.map((t) => [`${t.province}|${nameKey(t.nameFa)}`, t]));
  const seats = new Map<string, Town>();
  for (const county of counties) {
    const town = townByKey.get(`${county.province}|${nameKey(county.nameFa)}`);
    if (town) seats.set(county.code, town);
  }

  // Step 2's places, each in the county of the nearest seat of its province.
  const placesOf = new Map<string, Place[]>();
  for (const place of places) {
    let nearest: { code: string; km: number } | null = null;
    for (const county of counties) {
      const seat = seats.get(county.code);
      if (!seat || county.province !== place.province) continue;
      const km = greatCircleKm(place.lat, place.lon, seat.lat, seat.lon);
      if (!nearest || km < nearest.km) nearest = { code: county.code, km };
    }
    if (nearest) placesOf.set(nearest.code, [...(placesOf.get(nearest.code) ?? []), place]);
  }

  const points: PlacedPeople[] = [];
  const unseated: County[] = [];
  for (const county of counties) {
    const seat = seats.get(county.code);
    if (!seat) {
      unseated.push(county);
      continue;
    }
    const own = placesOf.get(county.code) ?? [];
    const held = own.reduce((sum, p) => sum + p.population, 0);
    // Places that would hold more than the county keep their proportions within it, and the seat none.
    const atPlaces =
      held > county.population
        ? apportion(
            county.population,
            own.map((p) => p.population),
          )
        : own.map((p) => p.population);
    const atSeat = county.population - atPlaces.reduce((a, b) => a + b, 0);
    const spots: Spot[] = [
      {
        lat: seat.lat,
        lon: seat.lon,
        province: county.province,
        name: seat.nameEn ?? seat.nameFa,
        nameFa: seat.nameFa,
        people: atSeat,
        step: 'seat',
      },
      ...own.map((p): Spot => ({ ...p, people: 0, step: 'places' })),
    ];
    points.push(...share(county, spots, [atSeat, ...atPlaces]));
  }

  for (const county of unseated) {
    const inProvince = points.filter((p) => p.province === county.province && p.step !== 'province');
    const spots: Spot[] =
      inProvince.length > 0
        ? inProvince.map((p) => ({ ...p, people: p.population, step: 'places' }))
        : places
            .filter((p) => p.province === county.province)
            .map((p): Spot => ({ ...p, people: p.population, step: 'places' }));
    if (spots.length === 0) {
      const at = provincePoints.get(county.province);
      if (!at) throw new Error(`no point for province ${county.province}`);
      spots.push({
        ...at,
        province: county.province,
        name: county.nameFa,
        nameFa: county.nameFa,
        people: 1,
        step: 'places',
      });
    }
    points.push(
      ...share(
        county,
        spots,
        spots.map((s) => s.people),
        'province',
      ),
    );
  }

  const byStep = Object.fromEntries(PLACEMENT_STEPS.map((step) => [step, 0])) as Record<PlacementStep, number>;
  for (const point of points) byStep[point.step] += point.population;
  return {
    points,
    seats,
    byStep,
    countiesByStep: { seat: counties.length - unseated.length, province: unseated.length },
  };
}

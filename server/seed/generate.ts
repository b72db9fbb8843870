/** Deterministic demo locations: realistic counts per type, Persian names and details, all five field types. */
import type { DynamicField } from '../../domain/gateway';
import { DISTINCT_TYPES, type LocationType, type TypeRoute } from '../../domain/locationTypes';
import { PROVINCES, type ProvinceRef } from '../../domain/provinces';
import { placePoint, type ProvinceArea } from './placement';
import { emptyDetail } from '../store/locationFields';
import type { LocationRecord } from '../store/LocationStore';
import { createRng, guidFrom, type Rng } from './rng';
import {
  AREA_CODES,
  DOCUMENT_FILES,
  GENDERS,
  IMAGE_FILES,
  LEGAL_FORMS,
  NAME_PREFIX,
  NAME_STEMS,
  POPULATION_THOUSANDS,
  STREETS,
  TRADES,
  toPersianDigits,
} from './vocabulary';

/** Locations per route at the default scale (about 27,000 in all). MainOffice is always one per province. */
export const DEFAULT_COUNTS: Record<string, number> = {
  MainOffice: 31,
  Centers: 560,
  Academy: 9000,
  Workshop: 2400,
  Prison: 180,
  Barracks: 240,
  Village: 3200,
  Mobile: 1100,
  Industries: 650,
  Guilds: 900,
  University: 320,
  Exam: 1800,
  branch: 450,
  sub: 1300,
  real: 2100,
  garrison: 120,
  prison2: 90,
  school: 2600,
} satisfies Record<TypeRoute, number>;

export const DEFAULT_TOTAL = Object.values(DEFAULT_COUNTS).reduce((a, b) => a + b, 0);

/** Splits `total` among provinces by population (largest remainder), so the sum is exact. */
export function allocateByPopulation(total: number): Map<string, number> {
  const weightSum = PROVINCES.reduce((s, p) => s + (POPULATION_THOUSANDS[p.iso_3166_2] ?? 0), 0);
  const shares = PROVINCES.map((p) => {
    const exact = (total * (POPULATION_THOUSANDS[p.iso_3166_2] ?? 0)) / weightSum;
    return { iso: p.iso_3166_2, whole: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = total - shares.reduce((s, x) => s + x.whole, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder)) {
    if (left-- <= 0) break;
    share.whole += 1;
  }
  return new Map(shares.map((s) => [s.iso, s.whole]));
}

export function countsForTotal(totalPoints: number | undefined): Record<string, number> {
  if (totalPoints === undefined) return DEFAULT_COUNTS;
  const scale =
    Math.max(0, totalPoints - DEFAULT_COUNTS['MainOffice']!) / (DEFAULT_TOTAL - DEFAULT_COUNTS['MainOffice']!);
  return Object.fromEntries(
    Object.entries(DEFAULT_COUNTS).map(([route, n]) => [route, route === 'MainOffice' ? n : Math.round(n * scale)]),
  );
}

function phoneNumber(rng: Rng, iso: string): string {
  return `${AREA_CODES[iso] ?? '021'}-${3 + rng.int(6)}${String(rng.int(10_000_000)).padStart(7, '0')}`;
}

function dynamicFields(rng: Rng): DynamicField[] {
  return [
    { Label: 'ظرفیت کارگاه', Value: `${toPersianDigits(8 + rng.int(40))} نفر`, Type: 'input' },
    { Label: 'دارای مجوز فعالیت', Value: rng.next() < 0.85 ? 'true' : 'false', Type: 'check' },
    { Label: 'رشته آموزشی', Value: rng.pick(TRADES), Type: 'text' },
    { Label: 'آیین‌نامه آموزشی', Value: rng.pick(DOCUMENT_FILES), Type: 'file' },
    { Label: 'تصویر محل', Value: rng.pick(IMAGE_FILES), Type: 'image' },
  ];
}

/** One demo location: the generator is one producer of import records (see server/importer). */
function makeLocation(
  rng: Rng,
  type: LocationType,
  province: ProvinceRef,
  point: [number, number],
  serial: number,
): LocationRecord {
  const prefix = NAME_PREFIX[type.route] ?? type.titleFa;
  const name =
    type.route === 'MainOffice'
      ? `${prefix} ${province.name_fa}`
      : `${prefix} ${rng.pick(NAME_STEMS)} ${province.name_fa} ${toPersianDigits(serial)}`;
  const street = rng.pick(STREETS);
  return {
    // A field the demo has no words for stays empty.
    ...emptyDetail(),
    guid: guidFrom(rng),
    typeId: type.typeId,
    provinceIso: province.iso_3166_2,
    name,
    lat: Math.round(point[1] * 1e6) / 1e6,
    lon: Math.round(point[0] * 1e6) / 1e6,
    position: `استان ${province.name_fa}، ${rng.next() < 0.8 ? 'شهری' : 'روستایی'}`,
    supervision: `اداره کل آموزش فنی و حرفه‌ای استان ${province.name_fa}`,
    gender: rng.pick(GENDERS),
    legal: rng.pick(LEGAL_FORMS),
    phone: phoneNumber(rng, province.iso_3166_2),
    fax: phoneNumber(rng, province.iso_3166_2),
    address: `استان ${province.name_fa}، خیابان ${street}، پلاک ${toPersianDigits(1 + rng.int(400))}`,
    showMoreDetails: rng.next() < 0.2,
    dynamicFields: dynamicFields(rng),
  };
}

/** Villages spread into the countryside; the other types cluster in and around towns. */
const SPREAD_DEGREES: Record<string, number> = { Village: 0.15, Mobile: 0.08, MainOffice: 0 };

export function* generateLocations(
  areas: readonly ProvinceArea[],
  options: { totalPoints?: number; seed?: number } = {},
) {
  const rng = createRng(options.seed ?? 1404);
  const counts = countsForTotal(options.totalPoints);
  for (const type of DISTINCT_TYPES) {
    const perProvince =
      type.route === 'MainOffice'
        ? new Map(PROVINCES.map((p) => [p.iso_3166_2, 1]))
        : allocateByPopulation(counts[type.route] ?? 0);
    for (const province of PROVINCES) {
      const area = areas.find((a) => a.iso === province.iso_3166_2)!;
      const n = perProvince.get(province.iso_3166_2) ?? 0;
      for (let serial = 1; serial <= n; serial++) {
        const point = placePoint(area, rng, SPREAD_DEGREES[type.route] ?? 0.03);
        yield makeLocation(rng, type, province, point, serial);
      }
    }
  }
}

/**
 * Coverage: how many people live farther than some distance from the nearest location of a type. The people
 * are those of GeoNames places of 1,000 or more (server/coverage/data/settlements.json), not the census: the
 * answer says so, and the figures are shares of that denominator.
 *
 * GET /api/coverage/{typeId}?km=K[&filters]
 */
export interface CoverageProvince {
  EnName: string;
  PopulationTotal: number;
  PopulationFar: number;
}

export interface FarSettlement {
  /** The GeoNames name, in Latin letters. */
  Name: string;
  /** Its Persian name, where the place search's gazetteer has the same town (same English name, a few km away). */
  NameFa?: string;
  Lat: number;
  Long: number;
  Population: number;
  /** Great-circle km to the nearest location of the type (null when the type has none under the filters). */
  NearestKm: number | null;
}

export interface CoverageAnswer {
  Km: number;
  PopulationTotal: number;
  PopulationFar: number;
  Provinces: CoverageProvince[];
  /** Only the settlements farther than Km, most populous first. */
  Settlements: FarSettlement[];
}

/** The distances the app offers; the API takes any from 0.1 to COVERAGE_MAX_KM. */
export const COVERAGE_KM = [5, 10, 25, 50] as const;
export const COVERAGE_MAX_KM = 500;

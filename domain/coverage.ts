/**
 * Coverage: how many people live farther than some distance from the nearest location of a type. The people
 * are those of GeoNames places of 1,000 or more (server/coverage/data/settlements.json), not the census: the
 * answer says so, and the figures are shares of that denominator.
 *
 * GET /api/coverage/{typeId}?km=K[&filters]
 */
export type { CoverageAnswer, CoverageProvince, FarSettlement } from './wire/answers';

/** The distances the app offers; the API takes any from 0.1 to COVERAGE_MAX_KM. */
export const COVERAGE_KM = [5, 10, 25, 50] as const;
export const COVERAGE_MAX_KM = 500;

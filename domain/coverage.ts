/**
 * Coverage: how many people live farther than some distance from the nearest location of a type. The people
 * are every resident of the 2016 census, each placed at a point by one rule (server/census/placement.ts: the
 * county's seat, its GeoNames places, or spread over its province), which the answer says step by step.
 *
 * GET /api/coverage/{typeId}?km=K[&filters]
 */
export type { CoverageAnswer, CoverageProvince, FarSettlement } from './wire/answers';

/** The distances the app offers; the API takes any from 0.1 to COVERAGE_MAX_KM. */
export const COVERAGE_KM = [5, 10, 25, 50] as const;
export const COVERAGE_MAX_KM = 500;

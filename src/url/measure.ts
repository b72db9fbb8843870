/**
 * Whether the statistics count locations or rate them per 100,000 people (?measure=rate) or per 100,000 people
 * aged 15-29 (?measure=youth); counts without it. What each rate divides by is src/stats/measure.ts's.
 */
import { useSearch } from 'wouter';
import { replaceParams } from './history';

export const MEASURES = ['count', 'rate', 'youth'] as const;
export type Measure = (typeof MEASURES)[number];
export const MEASURE_PARAM = 'measure';

/** A measure by its name, counts for anything else. */
export const asMeasure = (name: string | null): Measure => MEASURES.find((m) => m === name) ?? 'count';

export const measureOf = (search: string): Measure => asMeasure(new URLSearchParams(search).get(MEASURE_PARAM));

export function useMeasure(): Measure {
  return measureOf(useSearch());
}

/** A way of looking, not a new place: the address changes in place. */
export function setMeasure(measure: Measure): void {
  replaceParams({ [MEASURE_PARAM]: measure === 'count' ? null : measure });
}

/** Whether the statistics count locations or rate them per 100,000 people: ?measure=rate (count without it). */
import { useSearch } from 'wouter';
import { replaceParams } from './history';

export type Measure = 'count' | 'rate';
export const MEASURE_PARAM = 'measure';

export const measureOf = (search: string): Measure =>
  new URLSearchParams(search).get(MEASURE_PARAM) === 'rate' ? 'rate' : 'count';

export function useMeasure(): Measure {
  return measureOf(useSearch());
}

/** A way of looking, not a new place: the address changes in place. */
export function setMeasure(measure: Measure): void {
  replaceParams({ [MEASURE_PARAM]: measure === 'rate' ? 'rate' : null });
}

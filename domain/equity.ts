/**
 * Need against supply, per province or county: `GET /api/equity/{typeId}?level=province|county&km=K[&filters]`.
 * The people are the 2016 census's (every resident, placed by one rule for the share far: see the coverage);
 * supply is the type's locations (with the filters) per 100,000 people aged 15-29, the organisation's own public.
 */
export type { EquityRow } from './wire/answers';

export const EQUITY_LEVELS = ['province', 'county'] as const;
export type EquityLevel = (typeof EQUITY_LEVELS)[number];

/** What the need rank reads of a row. */
export interface NeedInputs {
  UnemploymentRate: number;
  YouthShare: number;
  FarShare: number;
  PerYouth100k: number;
  Youth: number;
}

/**
 * Where each value stands among all of them, from 0 (the least) to 1 (the most); equal values share the
 * middle of their places.
 */
export function percentiles(values: readonly number[]): number[] {
  if (values.length < 2) return values.map(() => 0.5);
  // Sorted once: a run of equal values shares the middle of the places it spans (a county level has 429 rows).
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const result = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && values[order[end + 1]!] === values[order[start]!]) end++;
    const place = (start + end) / 2 / (values.length - 1);
    for (let k = start; k <= end; k++) result[order[k]!] = place;
    start = end + 1;
  }
  return result;
}

/**
 * A row's need, from 0 to 1: the mean of where it stands among the rows in unemployment, youth share and share of
 * people far from the type. The quadrant chart draws it against supply.
 */
export function needScores(rows: readonly NeedInputs[]): number[] {
  const unemployment = percentiles(rows.map((r) => r.UnemploymentRate));
  const youth = percentiles(rows.map((r) => r.YouthShare));
  const far = percentiles(rows.map((r) => r.FarShare));
  return rows.map((_, i) => (unemployment[i]! + youth[i]! + far[i]!) / 3);
}

/**
 * The "high need, low supply" rank, 1 for the most in need: a row's need (needScores) less where it stands in
 * supply, locations per 100,000 people aged 15-29; ties: more young people first. `need`: the rows' needScores,
 * when already made.
 */
export function needRanks(rows: readonly NeedInputs[], need: readonly number[] = needScores(rows)): number[] {
  const supply = percentiles(rows.map((r) => r.PerYouth100k));
  const gap = rows.map((_, i) => need[i]! - supply[i]!);
  const order = rows.map((_, i) => i).sort((a, b) => gap[b]! - gap[a]! || rows[b]!.Youth - rows[a]!.Youth || a - b);
  const ranks = new Array<number>(rows.length);
  order.forEach((row, place) => (ranks[row] = place + 1));
  return ranks;
}

/**
 * What-if plans and suggested sites: how coverage (domain/coverage.ts) and the counties' need ranks
 * (domain/equity.ts) move when hypothetical sites open and existing locations close, and where the next sites
 * would bring the most people within reach.
 *
 * GET /api/plan/{typeId}?km=K[&add=LON,LAT;LON,LAT...][&close=GUID,GUID...][&filters]
 * GET /api/plan/{typeId}/suggest?km=K&n=N&for=population|youth|women[&province=IR-NN][&filters]
 */
import { GUID_BODY } from './guid';

export type {
  PlanAnswer,
  PlanClosure,
  PlanSite,
  PlanCounty,
  PlanProvince,
  SuggestAnswer,
  SuggestedSite,
} from './wire/answers';

/** The most sites a plan may add, and the most locations it may close. */
export const PLAN_MAX_CHANGES = 100;
/** How many sites a suggestion may ask for. */
export const SUGGEST_MAX_SITES = 20;
/** Whom a suggestion brings within reach: every resident, those aged 15-29, or women. */
export const PLAN_OBJECTIVES = ['population', 'youth', 'women'] as const;
export type PlanObjective = (typeof PLAN_OBJECTIVES)[number];

/** Where an answer carries the people an objective counts: each site's gain, and the figures' far count. */
export const GAIN_OF: Record<PlanObjective, 'Population' | 'Youth' | 'Women'> = {
  population: 'Population',
  youth: 'Youth',
  women: 'Women',
};
export const FAR_OF: Record<PlanObjective, 'PopulationFar' | 'YouthFar' | 'WomenFar'> = {
  population: 'PopulationFar',
  youth: 'YouthFar',
  women: 'WomenFar',
};

/** A site as a plan writes it: longitude, then latitude (as GeoJSON does). */
export interface PlanPoint {
  readonly lon: number;
  readonly lat: number;
}

const NUMBER = '-?\\d{1,3}(?:\\.\\d{1,7})?';
/**
 * `LON,LAT;LON,LAT…`, each with up to seven decimals (about a centimetre). The pattern bounds the text (room for
 * one site more than allowed, so that a plan of too many is told so by count, not by a pattern).
 */
export const PLAN_ADD_PATTERN = `^${NUMBER},${NUMBER}(?:;${NUMBER},${NUMBER})*$`;
export const PLAN_ADD_MAX_CHARS = (PLAN_MAX_CHANGES + 1) * 26;
/** `GUID,GUID…`, bounded the same way. */
export const PLAN_CLOSE_PATTERN = `^${GUID_BODY}(?:,${GUID_BODY})*$`;
export const PLAN_CLOSE_MAX_CHARS = (PLAN_MAX_CHANGES + 1) * 37;

/** The sites of an `add` parameter already matched by PLAN_ADD_PATTERN. */
export function planPointsOf(add: string | undefined): PlanPoint[] {
  if (add === undefined || add === '') return [];
  return add.split(';').map((pair) => {
    const [lon, lat] = pair.split(',').map(Number) as [number, number];
    return { lon, lat };
  });
}

/** The Guids of a `close` parameter already matched by PLAN_CLOSE_PATTERN, each once, in upper case. */
export function planGuidsOf(close: string | undefined): string[] {
  if (close === undefined || close === '') return [];
  return [...new Set(close.split(',').map((guid) => guid.toUpperCase()))];
}

/** The greedy choice's guarantee: its coverage is at least this share of the best possible choice's. */
export const GREEDY_GUARANTEE = 1 - 1 / Math.E;

export interface GreedyChoice {
  /** The chosen sets, best first. */
  readonly chosen: number[];
  /** What each added that the ones before it had not (falling, one after another). */
  readonly gains: number[];
}

/**
 * Maximal coverage by the greedy rule: `n` times, the set that covers the most weight not yet covered (ties:
 * the earlier set). Within (1 - 1/e) of the best choice of `n` sets (Nemhauser, Wolsey and Fisher, 1978). A set
 * that adds nothing is not chosen: the choice may be shorter than `n`.
 */
export function greedyCoverage(
  sets: readonly (readonly number[])[],
  weight: (element: number) => number,
  n: number,
): GreedyChoice {
  const covered = new Set<number>();
  const chosen: number[] = [];
  const gains: number[] = [];
  const taken = new Uint8Array(sets.length);
  // Lazy evaluation: a set's gain only falls as others are chosen, so a stale bound that still leads is exact
  // once recomputed. The bound starts as the set's whole weight.
  const bound = sets.map((set) => set.reduce((sum, e) => sum + weight(e), 0));
  const gainOf = (i: number) => sets[i]!.reduce((sum, e) => (covered.has(e) ? sum : sum + weight(e)), 0);
  while (chosen.length < n) {
    let best = -1;
    let bestGain = 0;
    const order = bound.map((_, i) => i).filter((i) => !taken[i] && bound[i]! > 0);
    order.sort((a, b) => bound[b]! - bound[a]! || a - b);
    for (const i of order) {
      if (bound[i]! < bestGain || (bound[i] === bestGain && best !== -1 && i > best)) break;
      const gain = gainOf(i);
      bound[i] = gain;
      if (gain > bestGain || (gain === bestGain && gain > 0 && (best === -1 || i < best))) {
        best = i;
        bestGain = gain;
      }
    }
    if (best === -1 || bestGain <= 0) break;
    taken[best] = 1;
    chosen.push(best);
    gains.push(bestGain);
    for (const e of sets[best]!) covered.add(e);
  }
  return { chosen, gains };
}

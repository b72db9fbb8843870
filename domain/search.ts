/**
 * Makan's own calls beyond the gateway's contract: search by name and nearest locations.
 * Both sides read these shapes and limits from here.
 */

/** The answers' shapes (GET /api/search, GET /api/nearest/{typeId}), written once as schemas. */
export type { NearestResult, SearchResult } from './wire/answers';

/** Search answers from this many folded characters; shorter queries get []. */
export const SEARCH_MIN_CHARS = 2;
/** Longer queries are refused (no name is this long). */
export const SEARCH_MAX_CHARS = 100;
export const SEARCH_LIMIT = { default: 20, max: 50 } as const;
export const NEAREST_LIMIT = { default: 10, max: 50 } as const;
/** With `count=1`, the search says how many names match in all in this header: exact up to the cap, else "cap+". */
export const TOTAL_HEADER = 'x-makan-total';
export const SEARCH_TOTAL_CAP = 1000;

/**
 * Makan's own calls beyond the gateway's contract: search by name and nearest locations.
 * Both sides read these shapes and limits from here.
 */

/** GET /api/search?q=TEXT[&type=TYPEID | &prefer=TYPEID][&lat=..&lon=..][&limit=N][&count=1] */
export interface SearchResult {
  Guid: string;
  Name: string;
  Lat: number;
  Long: number;
  TypeId: string;
  /** The type's route in the app ("Centers"), for opening the result on its map. */
  Route: string;
  /** The province's Persian name. */
  OstanName: string;
}

/** GET /api/nearest/{typeId}?lat=..&lon=..[&limit=N] */
export interface NearestResult {
  Guid: string;
  Name: string;
  Lat: number;
  Long: number;
  DistanceKm: number;
  /** Its gender value (women's, men's, mixed): who it is open to. */
  Gender: string;
}

/** Search answers from this many folded characters; shorter queries get []. */
export const SEARCH_MIN_CHARS = 2;
/** Longer queries are refused (no name is this long). */
export const SEARCH_MAX_CHARS = 100;
export const SEARCH_LIMIT = { default: 20, max: 50 } as const;
export const NEAREST_LIMIT = { default: 10, max: 50 } as const;
/** With `count=1`, the search says how many names match in all in this header: exact up to the cap, else "cap+". */
export const TOTAL_HEADER = 'x-makan-total';
export const SEARCH_TOTAL_CAP = 1000;

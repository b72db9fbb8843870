/**
 * Places a visitor can search for by name: Iran's provinces and cities (a gazetteer the server ships), so
 * "near this town" has an origin. Both sides read this shape and its limits from here.
 */

/** GET /api/places?q=TEXT[&limit=N] */
export interface Place {
  /** The Persian name. */
  Name: string;
  Kind: 'province' | 'city';
  Lat: number;
  Long: number;
  /** The province's English name (the gateway's EnName), for a city the province it is in. */
  Ostan: string;
}

export const PLACE_LIMIT = { default: 8, max: 50 } as const;

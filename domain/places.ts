/**
 * Places a visitor can search for by name: Iran's provinces and cities (a gazetteer the server ships), so
 * "near this town" has an origin. Both sides read this shape and its limits from here.
 */

/** GET /api/places?q=TEXT[&limit=N]: its answer's shape, written once as a schema. */
export type { Place } from './wire/answers';

/** How a Latin-script name or query is compared: lower case, without accents or apostrophes, hyphens as spaces. */
export function latinKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u02bf\u02be\u2018\u2019'`]/g, '')
    .replace(/[-\s]+/g, ' ')
    .trim()
    .toLowerCase();
}

export const PLACE_LIMIT = { default: 8, max: 50 } as const;

/**
 * Filters by the descriptive fields every location has: gender, legal status and supervising office. A
 * filter holds stored values (as the facets call lists them); a location passes when, in every filter given,
 * its value is one of the filter's values, compared folded (OR within a filter, AND across). With no value
 * in any filter everything passes and every call answers exactly as without filters.
 *
 * They travel as repeatable query parameters (`?gender=زنانه&gender=مختلط&legal=دولتی`), on the server's
 * calls and in the app's address alike.
 */
import { foldText } from './text';
import type { DetailRow } from './locationFields';

export const FACETS = [
  { key: 'gender', field: 'gender' },
  { key: 'legal', field: 'legal' },
  { key: 'supervisor', field: 'supervision' },
] as const satisfies readonly { key: string; field: keyof DetailRow }[];

export type FacetKey = (typeof FACETS)[number]['key'];
export const FACET_KEYS: readonly FacetKey[] = FACETS.map((f) => f.key);

/** The record field each facet reads. */
export type FacetField = (typeof FACETS)[number]['field'];
export type FacetValues = Pick<DetailRow, FacetField>;

export type Filters = Readonly<Record<FacetKey, readonly string[]>>;

export const NO_FILTERS: Filters = { gender: [], legal: [], supervisor: [] };

/** Values one filter may hold, and the longest value: more is refused (400), never silently cut. */
export const FILTER_LIMITS = { values: 30, chars: 200 } as const;

/** GET /api/facets/{typeId}[?ostan=EnName][&filters]: its answer's shapes, written once as schemas. */

export function isFiltered(filters: Filters): boolean {
  return FACET_KEYS.some((key) => filters[key].length > 0);
}

/** The folded form under which values are compared (blank values fold to ""). */
export const foldFacet = (value: string): string => foldText(value);

/** Filters from query parameters; values deduplicated by their folded form, blanks dropped. */
export function filtersOf(params: { getAll(name: string): string[] }): Filters {
  const read = (key: FacetKey) => {
    const seen = new Set<string>();
    return params.getAll(key).filter((value) => {
      const folded = foldFacet(value);
      if (folded === '' || seen.has(folded)) return false;
      seen.add(folded);
      return true;
    });
  };
  return { gender: read('gender'), legal: read('legal'), supervisor: read('supervisor') };
}

/** The query parameters of these filters, in a stable order (so equal filters make equal URLs). */
export function filterEntries(filters: Filters): [FacetKey, string][] {
  return FACET_KEYS.flatMap((key) => [...filters[key]].sort().map((value) => [key, value] as [FacetKey, string]));
}

/** One text per distinct filter (folded, sorted): what answers are cached under. */
export function filterKey(filters: Filters): string {
  return FACET_KEYS.map((key) => `${key}=${[...new Set(filters[key].map(foldFacet))].sort().join('\u001f')}`).join(
    '\u001e',
  );
}

/** With one facet left out: the scope its own values are counted in (so choosing one keeps the others in view). */
export const withoutFacet = (filters: Filters, key: FacetKey): Filters => ({ ...filters, [key]: [] });

/** Whether a location's values pass the filters (folded comparison). */
export function passesFilters(values: FacetValues, filters: Filters): boolean {
  return FACETS.every(({ key, field }) => {
    const wanted = filters[key];
    if (wanted.length === 0) return true;
    const value = foldFacet(values[field]);
    return wanted.some((w) => foldFacet(w) === value);
  });
}

export function sameFilters(a: Filters, b: Filters): boolean {
  return filterKey(a) === filterKey(b);
}

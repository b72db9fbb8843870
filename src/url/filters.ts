/**
 * The filters live in the address (?gender=…&legal=…&supervisor=…, repeatable): a link shows what its
 * sender saw, and Back undoes a filter. Every screen reads them from here.
 */
import { useKeyed } from '../ui/useKeyed';
import { useSearch } from 'wouter';
import { FACET_KEYS, filterEntries, filterKey, filtersOf, type Filters } from '../../domain/filters';

/** The search string with these filters instead of the ones it had, other parameters kept. */
export function searchWithFilters(search: string, filters: Filters): string {
  const params = new URLSearchParams(search);
  for (const key of FACET_KEYS) params.delete(key);
  for (const [key, value] of filterEntries(filters)) params.append(key, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The filters in the address, the same object while they stay the same. */
export function useFilters(): Filters {
  const search = useSearch();
  const filters = filtersOf(new URLSearchParams(search));
  return useKeyed(filters, filterKey(filters));
}

/** Shows other filters: a new history entry, so Back returns to the previous ones. */
export function pushFilters(filters: Filters): void {
  const search = searchWithFilters(window.location.search, filters);
  if (search === window.location.search) return;
  window.history.pushState(null, '', `${window.location.pathname}${search}${window.location.hash}`);
}

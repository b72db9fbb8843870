/**
 * The addresses of the calls a page's figures come from, under the API's base (`/api`), written once: the app
 * calls them (src/api/gateway.ts), and the server's pages hand over their answers under the same addresses
 * (domain/pageAnswers.ts), so the app finds there what the page already holds instead of asking again.
 */
import { filterEntries, type Filters } from './filters';

const segment = encodeURIComponent;

/** The filters as a query's text (`gender=…&legal=…`, in their stable order), empty without filters. */
export const filterQueryText = (filters: Filters): string =>
  filterEntries(filters)
    .map(([key, value]) => `${key}=${segment(value)}`)
    .join('&');

/** `?` and the filters' parameters, or nothing without filters (the call is then the gateway's own). */
export function filterSuffix(filters: Filters): string {
  const text = filterQueryText(filters);
  return text === '' ? '' : `?${text}`;
}

export const META_PATH = 'meta';

export const chartDataPath = (typeId: string, filters: Filters): string =>
  `TVTOBase/OrglocationChartData/${segment(typeId)}${filterSuffix(filters)}`;

/** A type's bubbles, one per province with its count: the clusters call without a box. */
export const provinceBubblesPath = (typeId: string, filters: Filters): string =>
  `TVTOBase/OrglocationMap/${segment(typeId)}${filterSuffix(filters)}`;

/** A type's counts by gender in a province (its English name) or `All`. */
export const piePath = (typeId: string, ostan: string, filters: Filters): string =>
  `TVTOBase/OrglocationPie/${segment(typeId)}/${segment(ostan)}${filterSuffix(filters)}`;

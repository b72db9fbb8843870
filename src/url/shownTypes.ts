/**
 * Types shown on the map besides the page's own live in the address (?also=Academy,Prison, routes in the
 * order added), so a link shows the same layers, and Back removes the last one added.
 */
import { useKeyed } from '../ui/useKeyed';
import { useSearch } from 'wouter';
import { MENU_ENTRIES, typeByRoute, type LocationType } from '../../domain/locationTypes';
import { MAX_EXTRA_TYPES } from '../../machines/mapScreen';
import { withParams } from './deepLink';

export const ALSO_PARAM = 'also';

/** The types a link adds to `main`: known menu types, not `main` itself, each once, at most MAX_EXTRA_TYPES. */
export function extraTypesOf(search: string, main: LocationType | undefined): LocationType[] {
  const routes = (new URLSearchParams(search).get(ALSO_PARAM) ?? '').split(',');
  const types: LocationType[] = [];
  for (const route of routes) {
    const type = typeByRoute(route.trim());
    if (!type || type.typeId === main?.typeId || !MENU_ENTRIES.includes(type)) continue;
    if (types.some((t) => t.typeId === type.typeId)) continue;
    types.push(type);
  }
  return types.slice(0, MAX_EXTRA_TYPES);
}

/** The types added to `main` in the address, the same array while they stay the same. */
export function useExtraTypes(main: LocationType | undefined): LocationType[] {
  const search = useSearch();
  const types = extraTypesOf(search, main);
  return useKeyed(types, types.map((t) => t.route).join());
}

/** Shows these types besides the page's: a new history entry. */
export function pushExtraTypes(types: readonly LocationType[]): void {
  const routes = types.map((t) => t.route).join(',');
  const search = withParams(window.location.search, { [ALSO_PARAM]: routes === '' ? null : routes });
  if (search === window.location.search) return;
  window.history.pushState(null, '', `${window.location.pathname}${search}${window.location.hash}`);
}

/**
 * The map screen's actor, shared with the features that ask the map to show something (search, the
 * statistics) through React context rather than a module-wide bus. It lives above the routes, so a request
 * made just before the map's type changes (search opens another type's map) reaches the same screen.
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import type { LocationType } from '../../domain/locationTypes';
import type { MapTypeRef } from '../../machines/mapData';
import type { MapFocus, MapScreenRef } from '../../machines/mapScreen';
import { useInspect } from '../inspect/inspector';
import { useFilters } from '../url/filters';
import { useExtraTypes } from '../url/shownTypes';
import { liveMapScreenMachine } from './liveMachines';
import { PHONE_MEDIA_QUERY } from '../../domain/breakpoints';
import { LITE } from '../ui/lite';

const MapScreenContext = createContext<MapScreenRef | null>(null);

export const mapTypeRefOf = (type: LocationType): MapTypeRef => ({
  typeId: type.typeId,
  loadMode: type.loadMode,
  minZoom: type.minZoom,
});

/** Runs the map screen for the page's type (none on a page that is no type's). */
export function MapScreenProvider({ type, children }: { type: LocationType | undefined; children: ReactNode }) {
  const filters = useFilters();
  const extras = useExtraTypes(type);
  const screen = useActorRef(liveMapScreenMachine, {
    input: {
      type: type ? mapTypeRefOf(type) : null,
      filters,
      extras: extras.map(mapTypeRefOf),
      listFirst: LITE && window.matchMedia(PHONE_MEDIA_QUERY).matches,
    },
    inspect: useInspect(),
  });
  useEffect(() => screen.send({ type: 'FILTERS_CHANGED', filters }), [screen, filters]);
  // The map stays mounted across routes (the camera is kept); only its data follows the new type.
  useEffect(() => {
    if (type) screen.send({ type: 'TYPE_CHANGED', mapType: mapTypeRefOf(type) });
  }, [screen, type]);
  // After the page's type: a type that has just become the page's is never also an added one.
  useEffect(() => screen.send({ type: 'EXTRAS_CHANGED', types: extras.map(mapTypeRefOf) }), [screen, extras]);
  return <MapScreenContext.Provider value={screen}>{children}</MapScreenContext.Provider>;
}

export function useMapScreen(): MapScreenRef {
  const screen = useContext(MapScreenContext);
  if (!screen) throw new Error('useMapScreen outside MapScreenProvider');
  return screen;
}

/** Asks the map to show a location, a province or the country; it acts once it is loaded and shown. */
export function useFocusMap(): (focus: MapFocus) => void {
  const screen = useMapScreen();
  return (focus) => screen.send({ type: 'FOCUS', focus });
}

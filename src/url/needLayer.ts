/**
 * The map's layer of counties by need against supply lives in the address (?need=25, the distance in km its
 * share far is measured at), so the statistics can send the visitor to it and a link shows it.
 */
import { useSearch } from 'wouter';
import { COVERAGE_KM } from '../../domain/coverage';
import { replaceParams } from './history';

export const NEED_PARAM = 'need';

/** The distance of the layer's need, or null without the layer (or with a distance not offered). */
export function needKmOf(search: string): number | null {
  const km = Number(new URLSearchParams(search).get(NEED_PARAM));
  return (COVERAGE_KM as readonly number[]).includes(km) ? km : null;
}

export const useNeedKm = (): number | null => needKmOf(useSearch());

/** To the map, with the counties drawn on it. */
export const showNeedOnMap = (km: number) => replaceParams({ [NEED_PARAM]: String(km), tab: null });

export const hideNeed = () => replaceParams({ [NEED_PARAM]: null });

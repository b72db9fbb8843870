/**
 * The map's layer of places far from the type's locations lives in the address (?cover=25, the distance in
 * km), so the statistics can send the visitor to it and a link shows it.
 */
import { useSearch } from 'wouter';
import { COVERAGE_KM } from '../../domain/coverage';
import { replaceParams } from './history';

export const COVER_PARAM = 'cover';

/** The distance the layer shows places beyond, or null without the layer (or with a distance not offered). */
export function coverKmOf(search: string): number | null {
  const km = Number(new URLSearchParams(search).get(COVER_PARAM));
  return (COVERAGE_KM as readonly number[]).includes(km) ? km : null;
}

export const useCoverKm = (): number | null => coverKmOf(useSearch());

/** To the map, with the far places of this distance drawn on it. */
export const showCoverOnMap = (km: number) => replaceParams({ [COVER_PARAM]: String(km), tab: null });

export const hideCover = () => replaceParams({ [COVER_PARAM]: null });

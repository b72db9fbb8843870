/**
 * The map's layers measured at a distance live in the address, so the statistics can send the visitor to them
 * and a link shows them: ?cover=25 (places farther than 25 km from the type's locations), ?need=25 (counties
 * by need against supply, their share far measured at 25 km) and ?suggest=25 (suggested sites reaching 25 km,
 * with their choice in suggestionLayer.ts) and ?plan=25:… (a what-if plan, whatIfPlan.ts). Each is one entry; a distance the app does not offer is no layer.
 */
import { useSearch } from 'wouter';
import { COVERAGE_KM } from '../../domain/coverage';
import { replaceParams } from './history';

export const KM_LAYERS = { cover: 'cover', need: 'need', suggest: 'suggest', plan: 'plan' } as const;
export type KmLayer = keyof typeof KM_LAYERS;

/**
 * The distance a layer is shown at, or null without it: its parameter's value, or the value's first part where it
 * carries more (a what-if plan, src/url/whatIfPlan.ts).
 */
export function layerKmOf(layer: KmLayer, search: string): number | null {
  const value = new URLSearchParams(search).get(KM_LAYERS[layer]);
  if (value === null) return null;
  const km = Number(value.split(':')[0]);
  return (COVERAGE_KM as readonly number[]).includes(km) ? km : null;
}

export const useLayerKm = (layer: KmLayer): number | null => layerKmOf(layer, useSearch());

/** To the map, with the layer drawn on it. */
export const showLayerOnMap = (layer: KmLayer, km: number) =>
  replaceParams({ [KM_LAYERS[layer]]: String(km), tab: null });

export const hideLayer = (layer: KmLayer) => replaceParams({ [KM_LAYERS[layer]]: null });

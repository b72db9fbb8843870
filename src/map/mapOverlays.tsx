/**
 * The analyst's overlays on the map (the places far from any location, the counties by need, suggested sites, a
 * what-if plan), one entry each: the
 * address parameter that shows it (src/url/kmLayer.ts), the component that reads its figures and hands the map its
 * layer, and what its tooltip says. The map screen draws the layers in this order, under the locations, renders the
 * sources of those the address asks for, and asks each tooltip in turn. A new overlay joins with one entry.
 */
import { useCallback, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import type { Filters } from '../../domain/filters';
import { layerKmOf, type KmLayer } from '../url/kmLayer';
import { CoverageLayerSource, farTooltip } from './CoverageLayer';
import type { DeckLayerSpec } from './deckSpecs';
import type { KmLayerSourceProps } from './LayerBar';
import { NeedLayerSource, needTooltip } from './NeedLayer';
import { SuggestLayerSource, suggestTooltip } from './SuggestLayer';
import { PlanLayerSource, planTooltip } from './PlanLayer';

export interface MapOverlay {
  layer: KmLayer;
  Source: ComponentType<KmLayerSourceProps>;
  tooltip(object: unknown, layerId: string | undefined): { text: string; style: object } | null;
}

/** Bottom first: the need circles under the suggested sites' reach, under a plan's sites, under the far places. */
export const MAP_OVERLAYS: readonly MapOverlay[] = [
  { layer: 'need', Source: NeedLayerSource, tooltip: needTooltip },
  { layer: 'suggest', Source: SuggestLayerSource, tooltip: suggestTooltip },
  { layer: 'plan', Source: PlanLayerSource, tooltip: planTooltip },
  { layer: 'cover', Source: CoverageLayerSource, tooltip: farTooltip },
];

/** The overlays the address shows, each with its distance. */
export const shownOverlays = (overlays: readonly MapOverlay[], search: string) =>
  overlays.flatMap((overlay) => {
    const km = layerKmOf(overlay.layer, search);
    return km === null ? [] : [{ overlay, km }];
  });

/** The first overlay's tooltip for the object under the pointer. */
export const overlayTooltip = (overlays: readonly MapOverlay[]) => (object: unknown, layerId: string | undefined) => {
  for (const overlay of overlays) {
    const tip = overlay.tooltip(object, layerId);
    if (tip) return tip;
  }
  return null;
};

/**
 * The overlays the address asks for: the layers they have handed over (bottom first), their sources to render in
 * the map's box, and the tooltip.
 */
export function useMapOverlays(
  type: { typeId: string; title: string },
  filters: Filters,
  overlays: readonly MapOverlay[] = MAP_OVERLAYS,
): {
  deckLayers: DeckLayerSpec[];
  sources: ReactNode;
  tooltip: ReturnType<typeof overlayTooltip>;
  /** Where the map's clicks go while an overlay takes them (null: to the map's own markers). */
  onMapClick: ((lon: number, lat: number) => void) | null;
} {
  const shown = shownOverlays(overlays, useSearch());
  const [handed, setHanded] = useState<Partial<Record<KmLayer, readonly DeckLayerSpec[]>>>({});
  // One setter per overlay, stable: a source hands its layers over in an effect that depends on it.
  const onLayer = useMemo(
    () =>
      Object.fromEntries(
        overlays.map((o) => [
          o.layer,
          (spec: DeckLayerSpec | readonly DeckLayerSpec[] | null) =>
            setHanded((h) => ({ ...h, [o.layer]: spec === null ? [] : Array.isArray(spec) ? spec : [spec] })),
        ]),
      ) as Record<KmLayer, KmLayerSourceProps['onLayer']>,
    [overlays],
  );
  // The overlay that takes the map's clicks (one at a time: the last to ask), kept with the overlay that asked.
  const [clicks, setClicks] = useState<{ layer: KmLayer; handler: (lon: number, lat: number) => void } | null>(null);
  const onMapClicks = useMemo(
    () =>
      Object.fromEntries(
        overlays.map((o) => [
          o.layer,
          (handler: ((lon: number, lat: number) => void) | null) =>
            setClicks((now) => (handler ? { layer: o.layer, handler } : now?.layer === o.layer ? null : now)),
        ]),
      ) as Record<KmLayer, KmLayerSourceProps['onMapClicks']>,
    [overlays],
  );
  const shownKey = shown.map((s) => s.overlay.layer).join();
  const deckLayers = useMemo(
    () => shown.flatMap(({ overlay }) => handed[overlay.layer] ?? []),
    // The shown overlays are read from the address, made anew each render: they are compared by their keys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [handed, shownKey],
  );
  const bars = shown.map(({ overlay, km }) => (
    <overlay.Source
      key={overlay.layer}
      typeId={type.typeId}
      typeTitle={type.title}
      filters={filters}
      km={km}
      onLayer={onLayer[overlay.layer]}
      onMapClicks={onMapClicks[overlay.layer]}
    />
  ));
  // Each source's bar in one stack over the map (none: no stack).
  const sources = bars.length > 0 ? <div className="layer-bars">{bars}</div> : null;
  // A hidden overlay takes no clicks.
  const clickHandler = clicks && shown.some((s) => s.overlay.layer === clicks.layer) ? clicks.handler : null;
  const tooltip = useCallback(
    (object: unknown, layerId: string | undefined) => overlayTooltip(overlays)(object, layerId),
    [overlays],
  );
  return { deckLayers, sources, tooltip, onMapClick: clickHandler };
}

/**
 * Places far from the type's locations, on the map: while the address asks for it (?cover=K), the coverage of
 * the page's type under the filters in force, each place farther than K km drawn as a circle sized by its
 * people, with a Persian tooltip (its name, people and distance to the nearest location), and a bar saying
 * what is shown with a way to hide it.
 */
import { useEffect } from 'react';
import { scatterplotSpec } from './deckSpecs';
import { NATIVE_MARKERS_BOTTOM } from './nativeMarkers';
import type { FarSettlement } from '../../domain/coverage';
import { t } from '../i18n/words';
import { settlementName } from '../i18n/names';
import { PAGE_DIRECTION } from '../i18n/language';
import { formatCount } from '../i18n/format';
import { liveCoverageMachine } from './liveMachines';
import { LayerBar, type KmLayerSourceProps } from './LayerBar';
import { useQuery } from '../ui/useQuery';

export const FAR_LAYER_ID = 'far-settlements';
const FAR_ORANGE = [217, 72, 15] as const;

/** A circle's radius in pixels: its area grows with the people, within bounds a city or a village stays readable at. */
const radiusOf = (population: number) => Math.min(30, Math.max(4, Math.sqrt(population) / 40));

export function farSettlementsLayer(settlements: readonly FarSettlement[]) {
  return scatterplotSpec<FarSettlement>({
    id: FAR_LAYER_ID,
    // Under the locations' bubbles and pins, which stay clickable above it.
    beforeId: NATIVE_MARKERS_BOTTOM,
    data: settlements,
    pickable: true,
    radiusUnits: 'pixels',
    getPosition: (d) => [d.Long, d.Lat],
    getRadius: (d) => radiusOf(d.Population),
    getFillColor: [...FAR_ORANGE, 90],
    getLineColor: [...FAR_ORANGE, 255],
    stroked: true,
    lineWidthUnits: 'pixels',
    getLineWidth: 1.5,
  });
}

/** The tooltip of a far place under the pointer (plain text: names are never read as HTML). */
export function farTooltip(object: unknown, layerId: string | undefined) {
  if (layerId !== FAR_LAYER_ID || !object) return null;
  const place = object as FarSettlement;
  return {
    text: t.coverage.tooltip(
      settlementName(place),
      formatCount(place.Population),
      place.NearestKm === null ? null : formatCount(Math.round(place.NearestKm)),
    ),
    style: { direction: PAGE_DIRECTION, fontFamily: 'Vazirmatn, sans-serif', fontSize: '13px' },
  };
}

/** Loads the far places and hands their layer to the map; shows what the layer is, with a way to hide it. */
export function CoverageLayerSource({ typeId, typeTitle, filters, km, onLayer }: KmLayerSourceProps) {
  const coverage = useQuery(liveCoverageMachine, { typeId, km, filters });
  const answer = coverage.shown;
  const failed = coverage.status === 'failed';
  useEffect(() => {
    onLayer(answer ? farSettlementsLayer(answer.Settlements) : null);
    return () => onLayer(null);
  }, [answer, onLayer]);
  return (
    <LayerBar
      layer="cover"
      text={
        failed
          ? t.coverage.failed
          : answer
            ? t.coverage.onMap(formatCount(answer.Settlements.length), formatCount(km), typeTitle)
            : t.loading
      }
      hideLabel={t.coverage.hide}
      drawn={answer?.Settlements.length}
    />
  );
}

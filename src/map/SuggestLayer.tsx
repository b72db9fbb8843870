/**
 * Suggested sites on the map: while the address asks for them (?suggest=K with the card's choice), the greedy
 * choice of the page's type's next sites under the filters in force, each drawn as its reach (a circle of K km)
 * with a dot at the site, in a colour no location uses, with a tooltip in the page's language (its name, order
 * and the people it brings within reach), and a bar saying what is shown with a way to hide it.
 */
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { GAIN_OF, type SuggestedSite } from '../../domain/plan';
import { t } from '../i18n/words';
import { placeName } from '../i18n/names';
import { PAGE_DIRECTION } from '../i18n/language';
import { formatCount } from '../i18n/format';
import { useQuery } from '../ui/useQuery';
import { suggestionChoiceOf } from '../url/suggestionLayer';
import { scatterplotSpec } from './deckSpecs';
import { NATIVE_MARKERS_BOTTOM } from './nativeMarkers';
import { liveSuggestionMachine } from './liveMachines';
import { LayerBar, type KmLayerSourceProps } from './LayerBar';

export const SUGGEST_LAYER_ID = 'suggested-sites';
/** Teal: apart from the locations' blue bubbles and red pins, the far places' orange and the need's reds. */
const SITE_TEAL = [12, 133, 153] as const;

interface DrawnSite extends SuggestedSite {
  order: number;
  gain: number;
  whom: string;
}

export function suggestedSitesLayer(sites: readonly DrawnSite[], km: number) {
  return scatterplotSpec<DrawnSite>({
    id: SUGGEST_LAYER_ID,
    beforeId: NATIVE_MARKERS_BOTTOM,
    data: sites,
    pickable: true,
    // Each site's reach, to scale: K km around it.
    radiusUnits: 'meters',
    getPosition: (d) => [d.Lon, d.Lat],
    getRadius: km * 1000,
    radiusMinPixels: 6,
    getFillColor: [...SITE_TEAL, 60],
    getLineColor: [...SITE_TEAL, 255],
    stroked: true,
    lineWidthUnits: 'pixels',
    getLineWidth: 2,
  });
}

/** The tooltip of a suggested site under the pointer (plain text: names are never read as HTML). */
export function suggestTooltip(object: unknown, layerId: string | undefined) {
  if (layerId !== SUGGEST_LAYER_ID || !object) return null;
  const site = object as DrawnSite;
  return {
    text: t.plan.tooltip(
      formatCount(site.order),
      placeName({ Name: site.Name, NameEn: site.EnName }),
      formatCount(site.gain),
      site.whom,
    ),
    style: { direction: PAGE_DIRECTION, fontFamily: 'Vazirmatn, sans-serif', fontSize: '13px' },
  };
}

/** Loads the suggested sites and hands their layer to the map; shows what the layer is, with a way to hide it. */
export function SuggestLayerSource({ typeId, typeTitle, filters, km, onLayer }: KmLayerSourceProps) {
  const choice = suggestionChoiceOf(useSearch());
  const suggestion = useQuery(liveSuggestionMachine, { typeId, km, filters, ...choice });
  const answer = suggestion.shown;
  const failed = suggestion.status === 'failed';
  useEffect(() => {
    if (!answer) {
      onLayer(null);
      return;
    }
    const whom = t.plan.whom[answer.For];
    const sites = answer.Sites.map((site, i) => ({
      ...site,
      order: i + 1,
      gain: site.Gain[GAIN_OF[answer.For]],
      whom,
    }));
    onLayer(suggestedSitesLayer(sites, answer.Km));
    return () => onLayer(null);
  }, [answer, onLayer]);
  return (
    <LayerBar
      layer="suggest"
      text={
        failed
          ? t.plan.failed
          : answer
            ? t.plan.onMap(formatCount(answer.Sites.length), t.plan.whom[answer.For], formatCount(km), typeTitle)
            : t.loading
      }
      hideLabel={t.plan.hide}
      drawn={answer?.Sites.length}
    />
  );
}

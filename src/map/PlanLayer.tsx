/**
 * A what-if plan on the map: while the address holds one (?plan=K:…), its new sites are drawn as their reach (a
 * circle of K km in violet, a colour no location or other overlay uses) and its closed locations struck through
 * over their pins, each with a tooltip; the bar says what the plan does and offers adding sites by clicking the
 * map (the map's clicks are then the plan's), the plan's figures, and ending it.
 */
import { useEffect, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { provinceAt } from '../../domain/provinceLocator';
import { GAIN_OF, type PlanClosure, type PlanSite } from '../../domain/plan';
import { t } from '../i18n/words';
import { placeName } from '../i18n/names';
import { PAGE_DIRECTION } from '../i18n/language';
import { formatCount } from '../i18n/format';
import { useQuery } from '../ui/useQuery';
import { replaceParams } from '../url/history';
import { parseDeepLink } from '../url/deepLink';
import { useSearch } from 'wouter';
import { changePlan, usePlanInAddress, withSite, type WhatIfPlan } from '../url/whatIfPlan';
import { iconSpec, scatterplotSpec } from './deckSpecs';
import { NATIVE_MARKERS_BOTTOM } from './nativeMarkers';
import { liveWhatIfPlanMachine } from './liveMachines';
import { LayerBar, type KmLayerSourceProps } from './LayerBar';

export const PLAN_SITES_LAYER_ID = 'plan-sites';
export const PLAN_CLOSED_LAYER_ID = 'plan-closed';
/** Violet: apart from the locations' blue and red, the far places' orange, the need's reds, the suggestions' teal. */
const SITE_VIOLET = [112, 72, 232] as const;
/** A closed location: a dark ring with a cross, drawn over its pin. */
const CLOSED_ICON = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">' +
    '<circle cx="24" cy="24" r="20" fill="rgba(255,255,255,0.75)" stroke="#212529" stroke-width="4"/>' +
    '<path d="M12 12L36 36M36 12L12 36" stroke="#212529" stroke-width="6" stroke-linecap="round"/></svg>',
)}`;

interface DrawnSite extends PlanSite {
  gain: number;
  whom: string;
}

/** What a picture of the plan says of it: exported charts and the printed map alike. */
export const planCaptionLine = (plan: WhatIfPlan) =>
  t.whatIf.captionLine(formatCount(plan.add.length), formatCount(plan.close.length), formatCount(plan.km));

export function planLayers(sites: readonly DrawnSite[], closed: readonly PlanClosure[], km: number) {
  return [
    scatterplotSpec<DrawnSite>({
      id: PLAN_SITES_LAYER_ID,
      beforeId: NATIVE_MARKERS_BOTTOM,
      data: sites,
      pickable: true,
      radiusUnits: 'meters',
      getPosition: (d) => [d.Lon, d.Lat],
      getRadius: km * 1000,
      radiusMinPixels: 7,
      getFillColor: [...SITE_VIOLET, 70],
      getLineColor: [...SITE_VIOLET, 255],
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 3,
    }),
    // Over the pins (no beforeId): a closed location is struck through where it stands.
    iconSpec<PlanClosure>({
      id: PLAN_CLOSED_LAYER_ID,
      data: closed,
      pickable: true,
      getPosition: (d) => [d.Lon, d.Lat],
      getIcon: () => ({ url: CLOSED_ICON, id: 'closed', width: 48, height: 48 }),
      sizeUnits: 'pixels',
      getSize: 26,
      // Over the pin's body (its tip is the location), where it strikes the pin through.
      getPixelOffset: [0, -18],
    }),
  ];
}

/** The tooltip of a new site or a closed location under the pointer (plain text: names are never read as HTML). */
export function planTooltip(object: unknown, layerId: string | undefined) {
  if (!object || (layerId !== PLAN_SITES_LAYER_ID && layerId !== PLAN_CLOSED_LAYER_ID)) return null;
  const style = { direction: PAGE_DIRECTION, fontFamily: 'Vazirmatn, sans-serif', fontSize: '13px' };
  if (layerId === PLAN_CLOSED_LAYER_ID) return { text: t.whatIf.closedTooltip((object as PlanClosure).Name), style };
  const site = object as DrawnSite;
  const name = placeName({ Name: site.Name, NameEn: site.EnName });
  return { text: t.whatIf.siteTooltip(name, formatCount(site.gain), site.whom), style };
}

/** Loads the plan's figures and hands its layers to the map; its bar says what it does, with its controls. */
export function PlanLayerSource({ typeId, filters, km, onLayer, onMapClicks }: KmLayerSourceProps) {
  const plan = usePlanInAddress();
  const [adding, setAdding] = useState(false);
  // The map stays mounted under the statistics tab, whose plan card asks for the same figures: the map asks
  // only while it is shown (one request per change of the plan, not two), and keeps its layers meanwhile.
  const mapShown = parseDeepLink(useSearch()).tab === 'map';
  const figures = useQuery(liveWhatIfPlanMachine, {
    open: plan !== null && mapShown,
    typeId,
    filters,
    km,
    add: plan?.add ?? [],
    close: plan?.close ?? [],
  });
  const answer = figures.shown;
  const objective = plan?.objective ?? 'youth';
  useEffect(() => {
    if (!answer) return;
    const whom = t.plan.whom[objective];
    const sites = answer.Sites.map((site) => ({ ...site, gain: site.Gain[GAIN_OF[objective]], whom }));
    onLayer(planLayers(sites, answer.Closed, answer.Km));
  }, [answer, objective, onLayer]);
  useEffect(() => () => onLayer(null), [onLayer]);
  // A point outside Iran is refused here, as the server would refuse the whole plan for it.
  const [outside, setOutside] = useState(false);
  useEffect(() => {
    onMapClicks(
      adding
        ? (lon, lat) => {
            const inIran = provinceAt(lat, lon) !== null;
            setOutside(!inIran);
            if (inIran) changePlan((now) => withSite(now, { lon, lat }));
          }
        : null,
    );
    return () => onMapClicks(null);
  }, [adding, onMapClicks]);
  const gain = answer ? answer.Sites.reduce((sum, s) => sum + s.Gain[GAIN_OF[objective]], 0) : 0;
  return (
    <LayerBar
      layer="plan"
      text={
        figures.status === 'failed'
          ? t.whatIf.failed
          : answer
            ? t.whatIf.onMap(
                formatCount(answer.Sites.length),
                formatCount(answer.Closed.length),
                formatCount(gain),
                t.plan.whom[objective],
                formatCount(km),
              )
            : t.loading
      }
      hideLabel={t.whatIf.end}
      drawn={answer ? answer.Sites.length + answer.Closed.length : undefined}
      wrap
    >
      <Text size="xs" c="red.9" role="status" data-testid="plan-outside">
        {adding && outside ? t.whatIf.outside : ''}
      </Text>
      <Button
        size="compact-xs"
        variant={adding ? 'filled' : 'light'}
        aria-pressed={adding}
        onClick={() => setAdding((now) => !now)}
        data-testid="plan-add-by-click"
        title={adding ? t.whatIf.clickHelp : undefined}
      >
        {adding ? t.whatIf.stopAdding : t.whatIf.addByClick}
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => replaceParams({ tab: 'stats' })}
        data-testid="plan-figures"
      >
        {t.whatIf.figures}
      </Button>
    </LayerBar>
  );
}

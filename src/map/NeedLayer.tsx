/**
 * Counties by need against supply, on the map: while the address asks for it (?need=K), each county with a seat
 * drawn as a circle at its seat (no county outlines are shipped), sized by its people aged 15-29 and redder the
 * higher its "high need, low supply" rank, with a tooltip in the page's language and a bar saying what is shown.
 */
import { useEffect } from 'react';
import { scatterplotSpec } from './deckSpecs';
import { NATIVE_MARKERS_BOTTOM } from './nativeMarkers';
import type { EquityLevel, EquityRow } from '../../domain/equity';
import { t } from '../i18n/words';
import { placeName } from '../i18n/names';
import { PAGE_DIRECTION } from '../i18n/language';
import { formatCount } from '../i18n/format';
import { liveEquityMachine } from './liveMachines';
import { LayerBar, type KmLayerSourceProps } from './LayerBar';
import { useQuery } from '../ui/useQuery';

export const NEED_LAYER_ID = 'county-need';
type Rgb = readonly [number, number, number];
const MOST_NEED: Rgb = [201, 42, 42];
const LEAST_NEED: Rgb = [73, 80, 87];

/** A county drawn: its row, with where it stands (0 the most in need, 1 the least). */
interface CountyCircle {
  row: EquityRow;
  standing: number;
}

const radiusOf = (youth: number) => Math.min(28, Math.max(3, Math.sqrt(youth) / 30));

export const colourOf = (standing: number): [number, number, number] =>
  [0, 1, 2].map((i) => Math.round(MOST_NEED[i]! + (LEAST_NEED[i]! - MOST_NEED[i]!) * standing)) as [
    number,
    number,
    number,
  ];

export function countyCircles(rows: readonly EquityRow[]): CountyCircle[] {
  const last = Math.max(1, rows.length - 1);
  return (
    rows
      .filter((row) => row.Lat !== null && row.Long !== null)
      .map((row) => ({ row, standing: (row.NeedRank - 1) / last }))
      // The most in need drawn last, on top.
      .sort((a, b) => b.standing - a.standing)
  );
}

export function countyNeedLayer(circles: readonly CountyCircle[]) {
  return scatterplotSpec<CountyCircle>({
    id: NEED_LAYER_ID,
    // Under the locations' bubbles and pins, which stay clickable above it.
    beforeId: NATIVE_MARKERS_BOTTOM,
    data: circles,
    pickable: true,
    radiusUnits: 'pixels',
    getPosition: (d) => [d.row.Long!, d.row.Lat!],
    getRadius: (d) => radiusOf(d.row.Youth),
    getFillColor: (d) => [...colourOf(d.standing), 150],
    getLineColor: [255, 255, 255, 230],
    stroked: true,
    lineWidthUnits: 'pixels',
    getLineWidth: 1,
  });
}

/** The tooltip of a county under the pointer (plain text: names are never read as HTML). */
export function needTooltip(object: unknown, layerId: string | undefined) {
  if (layerId !== NEED_LAYER_ID || !object) return null;
  const { row } = object as CountyCircle;
  return {
    text: t.equity.tooltip(
      placeName({ Name: row.Name, NameEn: row.EnName }),
      formatCount(row.NeedRank),
      formatCount(row.Count),
      formatCount(row.Youth),
    ),
    style: { direction: PAGE_DIRECTION, fontFamily: 'Vazirmatn, sans-serif', fontSize: '13px' },
  };
}

/** Loads the counties and hands their layer to the map; shows what the layer is, with a way to hide it. */
export function NeedLayerSource({ typeId, typeTitle, filters, km, onLayer }: KmLayerSourceProps) {
  const equity = useQuery(liveEquityMachine, { typeId, level: 'county' as EquityLevel, km, filters });
  const rows = equity.shown;
  const failed = equity.status === 'failed';
  const circles = rows ? countyCircles(rows) : null;
  useEffect(() => {
    onLayer(rows ? countyNeedLayer(countyCircles(rows)) : null);
    return () => onLayer(null);
  }, [rows, onLayer]);
  return (
    <LayerBar
      layer="need"
      text={failed ? t.equity.failed : circles ? t.equity.onMap(formatCount(circles.length), typeTitle) : t.loading}
      hideLabel={t.equity.hide}
      drawn={circles?.length}
    />
  );
}

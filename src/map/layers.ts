/** deck.gl layers for markers (pins) and cluster bubbles (a circle with the count in its centre). */
import { IconLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { ClusterItem, MapLocation } from '../../domain/gateway';
import { formatCount } from '../i18n/fa';
import { CLUSTER_RADIUS_PX, MARKER_HEIGHT_PX } from './mapConstants';
import { PIN_ICON } from './pinIcon';

/** Radius 10 px (spec §9); wider only where the count's digits would not fit inside it. */
export function clusterRadius(count: number): number {
  const digits = formatCount(count).length;
  return digits <= 2 ? CLUSTER_RADIUS_PX : CLUSTER_RADIUS_PX + (digits - 2) * 3.5;
}

export interface LayerHandlers {
  onMarkerClick(marker: MapLocation): void;
  onClusterClick(cluster: ClusterItem): void;
}

/** The visitor's position ("near me"): a blue dot ringed in white, unlike any pin or bubble. */
const VISITOR_DOT_PX = 7;

export function buildLayers(markers: MapLocation[], clusters: ClusterItem[], handlers: LayerHandlers, visitor: { lat: number; lon: number } | null = null) {
  return [
    new ScatterplotLayer<ClusterItem>({
      id: 'clusters',
      data: clusters,
      pickable: true,
      radiusUnits: 'pixels',
      getPosition: (d) => [d.Long, d.Lat],
      getRadius: (d) => clusterRadius(d.Count),
      getFillColor: [11, 110, 79, 220],
      getLineColor: [255, 255, 255, 255],
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 1.5,
      onClick: ({ object }) => object && handlers.onClusterClick(object),
    }),
    new TextLayer<ClusterItem>({
      id: 'cluster-counts',
      data: clusters,
      getPosition: (d) => [d.Long, d.Lat],
      getText: (d) => formatCount(d.Count),
      getSize: 11,
      getColor: [255, 255, 255, 255],
      fontFamily: 'Vazirmatn, sans-serif',
      fontWeight: 700,
      characterSet: '0123456789,',
      getTextAnchor: 'middle',
      getAlignmentBaseline: 'center',
    }),
    new IconLayer<MapLocation>({
      id: 'markers',
      data: markers,
      pickable: true,
      getPosition: (d) => [d.Long, d.Lat],
      getIcon: () => PIN_ICON,
      getSize: MARKER_HEIGHT_PX,
      sizeUnits: 'pixels',
      onClick: ({ object }) => object && handlers.onMarkerClick(object),
    }),
    new ScatterplotLayer<{ lat: number; lon: number }>({
      id: 'visitor-position',
      data: visitor ? [visitor] : [],
      radiusUnits: 'pixels',
      getPosition: (d) => [d.lon, d.lat],
      getRadius: VISITOR_DOT_PX,
      getFillColor: [25, 103, 210, 255],
      getLineColor: [255, 255, 255, 255],
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 2.5,
    }),
  ];
}

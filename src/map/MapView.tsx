/**
 * The map tab: a MapLibre map (basemap, camera, gestures) with deck.gl's markers and cluster bubbles drawn
 * inside it. Behaviour lives in the machines (mapData, detailDialog); this view reports camera moves as
 * events and renders state. Zoom is converted between spec and MapLibre zoom here and only here.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Map as BaseMap, type MapRef } from 'react-map-gl/maplibre';
import type { GeoJSONSource } from 'maplibre-gl';
import { useActorRef, useSelector } from '@xstate/react';
import { useDebouncedCallback } from '@mantine/hooks';
import { hasFailed, isLoading, showsZoomHint, type MapTypeRef } from '../../machines/mapData';
import type { ClusterItem, MapLocation } from '../../domain/gateway';
import type { LocationType } from '../../domain/locationTypes';
import { resolveTileUrl } from '../../domain/tiles';
import { mapLibreZoomOf, specZoomOf } from '../../domain/zoom';
import { fa } from '../i18n/fa';
import { useInspect } from '../inspect/inspector';
import { LoadingBar } from '../ui/Feedback';
import { cameraParams, parseDeepLink } from '../url/deepLink';
import { replaceParams } from '../url/history';
import { basemapStyle } from './basemapStyle';
import { DeckOverlay } from './DeckOverlay';
import { DetailDialog } from './DetailDialog';
import { BLOCKER_SOURCE, blockersOf, installLabelBlockers } from './labelBlockers';
import { buildLayers, clusterRadius } from './layers';
import { liveDetailDialogMachine, liveMapDataMachine } from './liveMachines';
import { MAP_LOCALE } from './mapLocale';
import { COUNTRY_CENTER, INITIAL_CENTER, INITIAL_ZOOM, MAX_ZOOM, RECENTRE_DURATION_MS, RESIZE_DEBOUNCE_MS } from './mapConstants';
import { LoadFailure, MapStatusBar, TruncatedNotice } from './MapStatus';
import { MarkerList } from './MarkerList';
import { clampBounds, clampZoom, countryCentre, countryFitZoom, minZoomFor, type Camera } from './viewport';
import { ZoomButtons } from './ZoomButtons';

const toRef = (type: LocationType): MapTypeRef => ({ typeId: type.typeId, loadMode: type.loadMode, minZoom: type.minZoom });
const URL_WRITE_DEBOUNCE_MS = 400;

function inBounds(marker: MapLocation, camera: { west: number; south: number; east: number; north: number }): boolean {
  return marker.Lat >= camera.south && marker.Lat <= camera.north && marker.Long >= camera.west && marker.Long <= camera.east;
}

export function MapView({ type }: { type: LocationType }) {
  const inspect = useInspect();
  const link = useMemo(() => parseDeepLink(window.location.search), []);
  const data = useActorRef(liveMapDataMachine, { input: { type: toRef(type) }, inspect });
  const dialog = useActorRef(liveDetailDialogMachine, { inspect });

  const markers = useSelector(data, (s) => s.context.markers);
  const clusters = useSelector(data, (s) => s.context.clusters);
  const loading = useSelector(data, isLoading);
  const failed = useSelector(data, hasFailed);
  const error = useSelector(data, (s) => s.context.error);
  const truncated = useSelector(data, (s) => s.context.truncated);
  const hint = useSelector(data, (s) => showsZoomHint(s.context));
  const settled = useSelector(data, (s) => s.matches({ viewport: 'idle' }) || s.matches({ fixed: 'ready' }));
  const stateName = useSelector(data, (s) => JSON.stringify(s.value));

  // Spec §2: start over Tehran, then re-centre on the country. A deep link skips both.
  const start: Camera = link.camera ?? { ...INITIAL_CENTER, zoom: INITIAL_ZOOM };
  const mapRef = useRef<MapRef>(null);
  const container = useRef<HTMLDivElement>(null);
  const [camera, setCamera] = useState<Camera>(start);
  const [view, setView] = useState({ west: 0, south: 0, east: 0, north: 0 });
  const [minZoom, setMinZoom] = useState(clampZoom(start.zoom));
  const [styleLoaded, setStyleLoaded] = useState(false);

  const readCamera = useCallback((): Camera | null => {
    const map = mapRef.current;
    if (!map) return null;
    const centre = map.getCenter();
    return { latitude: centre.lat, longitude: centre.lng, zoom: specZoomOf(map.getZoom()) };
  }, []);

  // Views are reported once the map has loaded its style and knows its size, never before.
  const mapLoaded = useRef(false);
  const reportView = useCallback(() => {
    const map = mapRef.current;
    const box = container.current;
    const now = readCamera();
    // A hidden tab (statistics shown) has no size: there is no view to load for.
    if (!mapLoaded.current || !map || !now || !box || box.clientWidth === 0 || box.clientHeight === 0) return;
    const bounds = map.getBounds();
    const edges = { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() };
    setCamera(now);
    setView(edges);
    data.send({ type: 'VIEW_CHANGED', view: { zoom: now.zoom, bounds: clampBounds(edges.west, edges.south, edges.east, edges.north) } });
  }, [data, readCamera]);

  const writeUrl = useDebouncedCallback(() => {
    const now = readCamera();
    if (now) replaceParams(cameraParams(now));
  }, URL_WRITE_DEBOUNCE_MS);

  /** Small screens may zoom out past the spec's 5, as far as the whole country needs. */
  const fitZoomRange = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (!map) return;
    const { clientWidth, clientHeight } = map.getContainer();
    const lowest = minZoomFor(clientWidth, clientHeight);
    map.setMinZoom(mapLibreZoomOf(lowest));
    setMinZoom(lowest);
  }, []);

  const onResize = useDebouncedCallback(() => {
    fitZoomRange();
    reportView();
  }, RESIZE_DEBOUNCE_MS);

  useEffect(() => {
    const box = container.current;
    if (!box) return;
    const observer = new ResizeObserver(() => onResize());
    observer.observe(box);
    return () => observer.disconnect();
  }, [onResize]);

  // The map stays mounted across routes (the camera is kept); only its data follows the new type.
  const shownType = useRef(type.typeId);
  useEffect(() => {
    if (shownType.current === type.typeId) return;
    shownType.current = type.typeId;
    data.send({ type: 'TYPE_CHANGED', mapType: toRef(type) });
  }, [data, type]);

  // The open location lives in the URL too, so a shared link reopens it.
  useEffect(() => {
    if (link.location) dialog.send({ type: 'OPEN', guid: link.location });
    const subscription = dialog.subscribe((s) => replaceParams({ loc: s.matches('closed') ? null : s.context.guid }));
    return () => subscription.unsubscribe();
  }, [dialog, link.location]);

  const flyTo = useCallback((target: Camera, duration = RECENTRE_DURATION_MS) => {
    mapRef.current?.flyTo({
      center: [target.longitude, target.latitude],
      zoom: mapLibreZoomOf(clampZoom(target.zoom, -Infinity)),
      duration,
      essential: false,
    });
  }, []);

  const layers = useMemo(
    () =>
      buildLayers(markers, clusters, {
        onMarkerClick: (marker: MapLocation) => dialog.send({ type: 'OPEN', guid: marker.Guid }),
        onClusterClick: (cluster: ClusterItem) =>
          flyTo({ latitude: cluster.Lat, longitude: cluster.Long, zoom: Math.min(MAX_ZOOM, cluster.ExpansionZoom ?? camera.zoom + 2) }),
      }),
    [markers, clusters, dialog, flyTo, camera.zoom],
  );

  // The province labels make way for the bubbles.
  useEffect(() => {
    const source = mapRef.current?.getMap().getSource<GeoJSONSource>(BLOCKER_SOURCE);
    source?.setData(blockersOf(clusters, clusterRadius));
  }, [clusters]);

  // A WebGL canvas does not print: just before printing, the map is drawn once more and kept as a picture.
  const printImage = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const capture = () => {
      const map = mapRef.current?.getMap();
      if (!map || !printImage.current) return;
      map.redraw();
      printImage.current.src = map.getCanvas().toDataURL('image/png');
    };
    window.addEventListener('beforeprint', capture);
    return () => window.removeEventListener('beforeprint', capture);
  }, []);

  // Exposed for tests and tooling: whether every layer (icon atlas included) has drawn its current data.
  const markDrawn = () => {
    if (container.current) container.current.dataset['layersLoaded'] = String(layers.every((layer) => layer.isLoaded));
  };
  const style = useMemo(() => basemapStyle(resolveTileUrl(import.meta.env.VITE_TILE_URL as string | undefined)), []);
  const visible = useMemo(() => markers.filter((m) => inBounds(m, view)), [markers, view]);

  return (
    <div className="map-frame">
      <div
        className="map-canvas"
        ref={container}
        data-testid="map"
        data-state={stateName}
        data-markers={markers.length}
        data-clusters={clusters.length}
        data-zoom={camera.zoom.toFixed(2)}
        data-center={`${camera.latitude.toFixed(6)},${camera.longitude.toFixed(6)}`}
        data-min-zoom={minZoom.toFixed(2)}
        data-map-loaded={styleLoaded}
        role="region"
        aria-label={fa.mapLabel}
      >
        <LoadingBar active={loading} testId="map-loading" />
        <img ref={printImage} className="map-print-image" alt={`${fa.mapLabel}: ${type.titleFa}`} />
        <BaseMap
          ref={mapRef}
          initialViewState={{ latitude: start.latitude, longitude: start.longitude, zoom: mapLibreZoomOf(clampZoom(start.zoom)) }}
          minZoom={mapLibreZoomOf(minZoom)}
          maxZoom={mapLibreZoomOf(MAX_ZOOM)}
          mapStyle={style}
          dragRotate={false}
          touchPitch={false}
          pitchWithRotate={false}
          attributionControl={{ compact: true }}
          locale={MAP_LOCALE}
          onLoad={(event) => {
            mapLoaded.current = true;
            setStyleLoaded(true);
            installLabelBlockers(event.target);
            fitZoomRange();
            reportView();
            if (!link.camera) {
              // Spec §2: the country centre at zoom 6; a screen too small for that gets the whole country, centred on it.
              const { clientWidth, clientHeight } = event.target.getContainer();
              const fit = countryFitZoom(clientWidth, clientHeight);
              flyTo(fit >= INITIAL_ZOOM ? { ...COUNTRY_CENTER, zoom: INITIAL_ZOOM } : { ...countryCentre(), zoom: fit });
            }
          }}
          onMoveEnd={() => {
            reportView();
            writeUrl();
          }}
        >
          <DeckOverlay
            layers={layers}
            onAfterRender={markDrawn}
            getCursor={({ isHovering, isDragging }) => (isDragging ? 'grabbing' : isHovering ? 'pointer' : 'grab')}
          />
        </BaseMap>
        <ZoomButtons
          zoom={camera.zoom}
          minZoom={minZoom}
          onZoom={(delta) => {
            const now = readCamera();
            if (now) flyTo({ ...now, zoom: Math.max(minZoom, now.zoom + delta) }, 300);
          }}
        />
        {failed ? <LoadFailure message={error ?? fa.errors.mapData} onRetry={() => data.send({ type: 'RETRY' })} /> : null}
        {truncated ? <TruncatedNotice /> : null}
      </div>
      <MapStatusBar hint={hint} empty={settled && !hint && visible.length === 0} inView={visible.length}>
        <MarkerList markers={visible} onOpen={(guid) => dialog.send({ type: 'OPEN', guid })} />
      </MapStatusBar>
      <DetailDialog actor={dialog} />
    </div>
  );
}

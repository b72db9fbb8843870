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
import type { ClusterItem } from '../../domain/gateway';
import type { PointSet } from '../../domain/pointsWire';
import type { LocationType } from '../../domain/locationTypes';
import { resolveTileUrl } from '../../domain/tiles';
import { mapLibreZoomOf, specZoomOf } from '../../domain/zoom';
import { fa } from '../i18n/fa';
import { failureText } from '../i18n/failureText';
import { useInspect } from '../inspect/inspector';
import { LoadingBar } from '../ui/Feedback';
import { cameraParams, parseDeepLink } from '../url/deepLink';
import { replaceParams } from '../url/history';
import { basemapStyle, loadNeighbours } from './basemapStyle';
import { DeckOverlay } from './DeckOverlay';
import { DetailDialog } from './DetailDialog';
import { BLOCKER_SOURCE, blockersOf, installLabelBlockers } from './labelBlockers';
import { buildLayers, clusterRadius, drawsDots } from './layers';
import { onMapFocus, takeMapFocus } from './focus';
import { identifyMarkerActor, liveDetailDialogMachine, liveMapDataMachine, liveNearMeMachine } from './liveMachines';
import { MAP_LOCALE } from './mapLocale';
import { INITIAL_CENTER, INITIAL_ZOOM, MAX_ZOOM, RECENTRE_DURATION_MS, RESIZE_DEBOUNCE_MS } from './mapConstants';
import { LoadFailure, MapStatusBar, TruncatedNotice } from './MapStatus';
import { MapActions } from './MapActions';
import { PlacesPanel, type PanelMode } from './PlacesPanel';
import { provinceBounds } from './provinceBounds';
import { clampBounds, clampZoom, countryCamera, edgesOfCamera, minZoomFor, type Camera } from './viewport';
import { ZoomButtons } from './ZoomButtons';
import { Button } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { formatCount } from '../i18n/fa';

const toRef = (type: LocationType): MapTypeRef => ({
  typeId: type.typeId,
  loadMode: type.loadMode,
  minZoom: type.minZoom,
});
const URL_WRITE_DEBOUNCE_MS = 400;
/** A location opened from a list or a search is shown at least this close (spec zoom), and where its type draws pins. */
const LOCATION_ZOOM = 14;
const FOCUS_DURATION_MS = 1200;

/** Positions in `points` of the markers inside the camera's edges. */
function indexesInView(
  points: PointSet,
  camera: { west: number; south: number; east: number; north: number },
): number[] {
  const { positions, count } = points;
  const inside: number[] = [];
  for (let i = 0; i < count; i++) {
    const lon = positions[i * 2]!;
    const lat = positions[i * 2 + 1]!;
    if (lat >= camera.south && lat <= camera.north && lon >= camera.west && lon <= camera.east) inside.push(i);
  }
  return inside;
}

export function MapView({ type }: { type: LocationType }) {
  const inspect = useInspect();
  const link = useMemo(() => parseDeepLink(window.location.search), []);
  const data = useActorRef(liveMapDataMachine, { input: { type: toRef(type) }, inspect });
  // A marker's ids that no longer match the server's data (409) make the map load its markers again.
  const [dialogLogic] = useState(() =>
    liveDetailDialogMachine.provide({
      actors: { identifyMarker: identifyMarkerActor(() => data.send({ type: 'RELOAD' })) },
    }),
  );
  const dialog = useActorRef(dialogLogic, { inspect });
  const nearMe = useActorRef(liveNearMeMachine, { input: { typeId: type.typeId }, inspect });
  const visitor = useSelector(nearMe, (s) => s.context.position);
  const [panel, setPanel] = useState<PanelMode>('closed');

  const markers = useSelector(data, (s) => s.context.markers);
  const clusters = useSelector(data, (s) => s.context.clusters);
  const loading = useSelector(data, isLoading);
  const failed = useSelector(data, hasFailed);
  const error = useSelector(data, (s) => s.context.error);
  const truncated = useSelector(data, (s) => s.context.markers.truncated);
  const hint = useSelector(data, (s) => showsZoomHint(s.context));
  const settled = useSelector(data, (s) => s.matches({ viewport: 'idle' }) || s.matches({ fixed: 'ready' }));
  const stateName = useSelector(data, (s) => JSON.stringify(s.value));

  // Start over Tehran, then re-centre on the country. A deep link skips both.
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
    const edges = {
      west: bounds.getWest(),
      south: bounds.getSouth(),
      east: bounds.getEast(),
      north: bounds.getNorth(),
    };
    setCamera(now);
    setView(edges);
    data.send({
      type: 'VIEW_CHANGED',
      view: { zoom: now.zoom, bounds: clampBounds(edges.west, edges.south, edges.east, edges.north) },
    });
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
    // A hidden tab (statistics shown) has no size, and no zoom fits nothing: the range waits for it to be shown.
    if (clientWidth === 0 || clientHeight === 0) return;
    const lowest = minZoomFor(clientWidth, clientHeight);
    map.setMinZoom(mapLibreZoomOf(lowest));
    setMinZoom(lowest);
  }, []);

  const onResize = useDebouncedCallback(() => {
    fitZoomRange();
    reportView();
    applyFocusRef.current();
  }, RESIZE_DEBOUNCE_MS);
  // The resize handler is made before applyFocus (which needs flyTo); it reaches it through a ref.
  const applyFocusRef = useRef(() => {});

  useEffect(() => {
    const box = container.current;
    if (!box) return;
    const observer = new ResizeObserver(() => onResize());
    observer.observe(box);
    return () => observer.disconnect();
  }, [onResize]);

  // The first view's data is asked for at once, while MapLibre is still loading (on a slow link its worker and
  // the first answer then arrive together): the view is where the map will come to rest, known from its size.
  useEffect(() => {
    const box = container.current;
    if (!box || box.clientWidth === 0 || box.clientHeight === 0) return;
    const { clientWidth: width, clientHeight: height } = box;
    const first = link.camera ? { ...link.camera, zoom: clampZoom(link.camera.zoom) } : countryCamera(width, height);
    const edges = edgesOfCamera(first, width, height);
    data.send({
      type: 'VIEW_CHANGED',
      view: { zoom: first.zoom, bounds: clampBounds(edges.west, edges.south, edges.east, edges.north) },
    });
  }, [data, link]);

  // The map stays mounted across routes (the camera is kept); only its data follows the new type.
  const shownType = useRef(type.typeId);
  useEffect(() => {
    if (shownType.current === type.typeId) return;
    shownType.current = type.typeId;
    data.send({ type: 'TYPE_CHANGED', mapType: toRef(type) });
    nearMe.send({ type: 'TYPE_CHANGED', typeId: type.typeId });
  }, [data, nearMe, type]);

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

  const showCountry = useCallback(() => {
    const box = container.current;
    if (box) flyTo(countryCamera(box.clientWidth, box.clientHeight));
  }, [flyTo]);

  /** Flies to a location at a zoom where its pin shows, and opens its detail. */
  const openPlace = useCallback(
    (place: { guid: string; lat: number; lon: number }, minZoom: number | null) => {
      const now = readCamera();
      flyTo(
        { latitude: place.lat, longitude: place.lon, zoom: Math.max(now?.zoom ?? 0, minZoom ?? 0, LOCATION_ZOOM) },
        FOCUS_DURATION_MS,
      );
      dialog.send({ type: 'OPEN', guid: place.guid });
    },
    [dialog, flyTo, readCamera],
  );

  // Requests from search and the statistics, acted on once the map is loaded and shown.
  const applyFocus = useCallback(() => {
    const map = mapRef.current?.getMap();
    const box = container.current;
    if (!mapLoaded.current || !map || !box || box.clientWidth === 0 || box.clientHeight === 0) return;
    const focus = takeMapFocus();
    if (focus?.kind === 'location')
      openPlace({ guid: focus.guid, lat: focus.latitude, lon: focus.longitude }, focus.minZoom);
    if (focus?.kind === 'country') showCountry();
    if (focus?.kind === 'province') {
      const bounds = provinceBounds(focus.enName);
      if (bounds)
        map.fitBounds(
          [
            [bounds[0], bounds[1]],
            [bounds[2], bounds[3]],
          ],
          { padding: 24, duration: FOCUS_DURATION_MS, maxZoom: mapLibreZoomOf(MAX_ZOOM) },
        );
    }
  }, [openPlace, showCountry]);
  useEffect(() => {
    applyFocusRef.current = applyFocus;
    return onMapFocus(applyFocus);
  }, [applyFocus]);

  const layers = useMemo(
    () =>
      buildLayers(
        markers,
        clusters,
        {
          onMarkerClick: (index: number) =>
            dialog.send({ type: 'OPEN_MARKER', marker: { typeId: type.typeId, points: markers, index } }),
          onClusterClick: (cluster: ClusterItem) =>
            flyTo({
              latitude: cluster.Lat,
              longitude: cluster.Long,
              zoom: Math.min(MAX_ZOOM, cluster.ExpansionZoom ?? camera.zoom + 2),
            }),
        },
        visitor,
      ),
    [markers, clusters, dialog, type.typeId, flyTo, camera.zoom, visitor],
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
  const visible = useMemo(() => indexesInView(markers, view), [markers, view]);

  return (
    <div className="map-frame">
      <div
        className="map-canvas"
        ref={container}
        data-testid="map"
        data-state={stateName}
        data-markers={markers.count}
        data-marker-form={drawsDots(markers) ? 'dots' : 'pins'}
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
          initialViewState={{
            latitude: start.latitude,
            longitude: start.longitude,
            zoom: mapLibreZoomOf(clampZoom(start.zoom)),
          }}
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
            loadNeighbours(event.target);
            fitZoomRange();
            if (link.camera) reportView();
            else {
              // The country centre at zoom 6; a screen too small for that gets the whole country, centred on it.
              // The start over Tehran is not reported: the flight's end is, as the view already asked for.
              const { clientWidth, clientHeight } = event.target.getContainer();
              flyTo(countryCamera(clientWidth, clientHeight));
            }
            applyFocus();
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
        <MapActions
          onWholeCountry={showCountry}
          onNearMe={() => {
            nearMe.send({ type: 'LOCATE' });
            setPanel('nearby');
          }}
        />
        {failed ? (
          <LoadFailure message={failureText(error) ?? fa.errors.mapData} onRetry={() => data.send({ type: 'RETRY' })} />
        ) : null}
        {truncated ? <TruncatedNotice /> : null}
      </div>
      <MapStatusBar hint={hint} empty={settled && !hint && visible.length === 0} inView={visible.length}>
        {visible.length > 0 ? (
          <Button
            className="marker-list-button"
            size="xs"
            variant="light"
            leftSection={<IconList size={16} />}
            onClick={() => setPanel('inView')}
          >
            {fa.markerList(formatCount(visible.length))}
          </Button>
        ) : null}
      </MapStatusBar>
      <PlacesPanel
        mode={panel}
        onClose={() => setPanel('closed')}
        inView={{ typeId: type.typeId, points: markers, indexes: visible }}
        nearMe={nearMe}
        onOpen={(place) => {
          setPanel('closed');
          openPlace(place, type.minZoom);
        }}
      />
      <DetailDialog actor={dialog} />
    </div>
  );
}

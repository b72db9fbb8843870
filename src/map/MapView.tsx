/**
 * The map tab: deck.gl markers and cluster bubbles over a MapLibre basemap. Behaviour lives in the
 * machines (mapData, detailDialog); this view reports camera moves as events and renders state.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import DeckGL from '@deck.gl/react';
import { FlyToInterpolator, type MapViewState } from '@deck.gl/core';
import { Map as BaseMap } from 'react-map-gl/maplibre';
import { useActorRef, useSelector } from '@xstate/react';
import { useDebouncedCallback } from '@mantine/hooks';
import { hasFailed, isLoading, showsZoomHint, type MapTypeRef } from '../../machines/mapData';
import type { ClusterItem, MapLocation } from '../../domain/gateway';
import type { LocationType } from '../../domain/locationTypes';
import { resolveTileUrl } from '../../domain/tiles';
import { fa } from '../i18n/fa';
import { useInspect } from '../inspect/inspector';
import { cameraParams, parseDeepLink } from '../url/deepLink';
import { replaceParams } from '../url/history';
import { basemapStyle } from './basemapStyle';
import { DetailDialog } from './DetailDialog';
import { buildLayers } from './layers';
import { liveDetailDialogMachine, liveMapDataMachine } from './liveMachines';
import { COUNTRY_CENTER, INITIAL_CENTER, INITIAL_ZOOM, MAX_ZOOM, MIN_ZOOM, RECENTRE_DURATION_MS, RESIZE_DEBOUNCE_MS } from './mapConstants';
import { LoadFailure, TruncatedNotice, ZoomHint } from './MapStatus';
import { LoadingBar } from '../ui/Feedback';
import { MarkerList } from './MarkerList';
import { boundsOf, clampZoom, type Camera } from './viewport';
import { ZoomButtons } from './ZoomButtons';

const toRef = (type: LocationType): MapTypeRef => ({ typeId: type.typeId, loadMode: type.loadMode, minZoom: type.minZoom });
const URL_WRITE_DEBOUNCE_MS = 400;

function cameraCommand(camera: Camera, animate: boolean): MapViewState {
  return {
    ...camera,
    minZoom: MIN_ZOOM,
    maxZoom: MAX_ZOOM,
    pitch: 0,
    bearing: 0,
    ...(animate ? { transitionDuration: RECENTRE_DURATION_MS, transitionInterpolator: new FlyToInterpolator() } : {}),
  };
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
  const stateName = useSelector(data, (s) => JSON.stringify(s.value));

  // Spec §2: start over Tehran, then re-centre on the country. A deep link with a zoom skips both.
  const [command, setCommand] = useState<MapViewState>(() =>
    cameraCommand(link.camera ?? { ...INITIAL_CENTER, zoom: INITIAL_ZOOM }, false),
  );
  const camera = useRef<Camera>(link.camera ?? { ...INITIAL_CENTER, zoom: INITIAL_ZOOM });
  const container = useRef<HTMLDivElement>(null);
  const [shownCamera, setShownCamera] = useState<Camera>(camera.current);
  const zoomShown = shownCamera.zoom;

  const reportView = useCallback(() => {
    const box = container.current;
    // A hidden tab (statistics shown) has no size: there is no view to load for.
    if (!box || box.clientWidth === 0 || box.clientHeight === 0) return;
    data.send({ type: 'VIEW_CHANGED', view: { zoom: camera.current.zoom, bounds: boundsOf(camera.current, box.clientWidth, box.clientHeight) } });
  }, [data]);

  const writeUrl = useDebouncedCallback(() => replaceParams(cameraParams(camera.current)), URL_WRITE_DEBOUNCE_MS);
  const onResize = useDebouncedCallback(reportView, RESIZE_DEBOUNCE_MS);

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

  const cameraMoved = useCallback(() => {
    setShownCamera(camera.current);
    reportView();
    writeUrl();
  }, [reportView, writeUrl]);

  const flyTo = useCallback((target: Camera) => setCommand(cameraCommand({ ...target, zoom: clampZoom(target.zoom) }, true)), []);

  const layers = useMemo(
    () =>
      buildLayers(markers, clusters, {
        onMarkerClick: (marker: MapLocation) => dialog.send({ type: 'OPEN', guid: marker.Guid }),
        onClusterClick: (cluster: ClusterItem) =>
          flyTo({ latitude: cluster.Lat, longitude: cluster.Long, zoom: cluster.ExpansionZoom ?? camera.current.zoom + 2 }),
      }),
    [markers, clusters, dialog, flyTo],
  );
  // Exposed for tests and tooling: whether every layer (icon atlas included) has drawn its current data.
  const markDrawn = () => {
    if (container.current) container.current.dataset['layersLoaded'] = String(layers.every((layer) => layer.isLoaded));
  };
  const style = useMemo(() => basemapStyle(resolveTileUrl(import.meta.env.VITE_TILE_URL as string | undefined)), []);

  return (
    <div
      className="map-frame"
      ref={container}
      data-testid="map"
      data-state={stateName}
      data-markers={markers.length}
      data-clusters={clusters.length}
      data-zoom={zoomShown.toFixed(2)}
      data-center={`${shownCamera.latitude.toFixed(6)},${shownCamera.longitude.toFixed(6)}`}
      aria-label={fa.mapLabel}
      role="region"
    >
      <LoadingBar active={loading} testId="map-loading" />
      <DeckGL
        initialViewState={command}
        controller={{ doubleClickZoom: true, keyboard: true, dragRotate: false, touchRotate: false }}
        layers={layers}
        onAfterRender={markDrawn}
        getCursor={({ isHovering, isDragging }) => (isDragging ? 'grabbing' : isHovering ? 'pointer' : 'grab')}
        onLoad={() => {
          reportView();
          if (!link.camera) flyTo({ ...COUNTRY_CENTER, zoom: INITIAL_ZOOM });
        }}
        onViewStateChange={({ viewState }) => {
          const next = viewState as MapViewState;
          camera.current = { latitude: next.latitude, longitude: next.longitude, zoom: next.zoom };
          // deck.gl reports a new initialViewState while it renders: react after that render, not inside it.
          queueMicrotask(cameraMoved);
        }}
      >
        <BaseMap mapStyle={style} attributionControl={{ compact: true }} />
      </DeckGL>
      <ZoomButtons
        zoom={zoomShown}
        onZoom={(delta) => flyTo({ latitude: camera.current.latitude, longitude: camera.current.longitude, zoom: camera.current.zoom + delta })}
      />
      {failed ? <LoadFailure message={error ?? fa.errors.mapData} onRetry={() => data.send({ type: 'RETRY' })} /> : null}
      {truncated ? <TruncatedNotice /> : null}
      <ZoomHint visible={hint} />
      <MarkerList markers={markers} onOpen={(guid) => dialog.send({ type: 'OPEN', guid })} />
      <DetailDialog actor={dialog} />
    </div>
  );
}

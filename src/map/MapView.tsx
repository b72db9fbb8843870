/**
 * The map tab: the map screen's machine decides (data, dialog, near-me, panel, requests from elsewhere);
 * the hooks move the camera and keep the URL; this view renders their state and sends events.
 */
import { useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import { typeById, type LocationType } from '../../domain/locationTypes';
import { hasFailed, isLoading, isSettled, showsZoomHint } from '../../machines/mapData';
import { dialogOf, mapDataOf, nearMeOf, panelOf, type MapScreenRef } from '../../machines/mapScreen';
import { t } from '../i18n/words';
import { typeTitle, placeName } from '../i18n/names';
import { failureText } from '../i18n/failureText';
import { LoadingBar } from '../ui/Feedback';
import { OnDemand, preloadAfterFirstScreen } from '../ui/OnDemand';
import { parseDeepLink } from '../url/deepLink';
import { AreaDrawPanel, useAreaDrawing } from './AreaDrawing';
import { drawsDots } from './layers';
import { unpickable, type DeckLayerSpec } from './deckSpecs';
import { nativeMarkers } from './nativeMarkers';
import type { DetailDialogRef, MapDataRef, NearMeRef } from './mapActors';
import { MapActions } from './MapActions';
import { MapLegend } from './MapLegend';
import { PrintNotes } from './PrintNotes';
import { CoverageLayerSource, farTooltip } from './CoverageLayer';
import { NeedLayerSource, needTooltip } from './NeedLayer';
import { useLayerKm } from '../url/kmLayer';
import { MapCanvas } from './MapCanvas';
import { NearestPins } from './NearestPins';
import { INITIAL_CENTER, INITIAL_ZOOM } from './mapConstants';
import { useMapScreen } from './MapScreenProvider';
import { InViewStatus, LoadFailure, TruncatedNotice } from './MapStatus';
import { ServerMapPicture } from './ServerMapPicture';
import { useCameraRequests, useFrameNearest } from './useCameraRequests';
import { useMapCamera } from './useMapCamera';
import { useCameraInUrl, useDialogInUrl, useFirstView, usePrintImage } from './useMapSideEffects';
import { useMarkerLayers } from './useMarkerLayers';
import { useExtraLayers } from './useExtraLayers';
import { PIN_RED, type ShownType } from './typeColours';
import { ZoomButtons } from './ZoomButtons';
import { markersInView } from '../../machines/placeLabels';

// A location's detail and the list of places open on demand: their code (and Mantine's dialogs and drawers with
// it) is not on the way to the first map, and is fetched once the first screen is up.
const loadDetailDialog = () => import('./DetailDialog').then((m) => ({ default: m.DetailDialog }));
const loadPlacesPanel = () => import('./PlacesPanel').then((m) => ({ default: m.PlacesPanel }));
preloadAfterFirstScreen(loadDetailDialog);
preloadAfterFirstScreen(loadPlacesPanel);

interface ScreenProps {
  type: LocationType;
  screen: MapScreenRef;
  data: MapDataRef;
  dialog: DetailDialogRef;
  nearMe: NearMeRef;
}

function MapScreenView({ type, screen, data, dialog, nearMe }: ScreenProps) {
  const link = useMemo(() => parseDeepLink(window.location.search), []);
  // Start over Tehran, then glide to the country. A deep link skips both.
  const start = useMemo(() => link.camera ?? { ...INITIAL_CENTER, zoom: INITIAL_ZOOM }, [link]);
  const camera = useMapCamera(screen, data, start);
  // The refs by name: the compiler's checks then know the rest of the camera is state, read while rendering.
  const { container, mapRef } = camera;
  const extra = useExtraLayers(screen, dialog, camera);
  const page = useMarkerLayers(type, { data, dialog, nearMe }, camera);
  const { markers, clusters, visible } = page;
  // The added types' bubbles first: the page's type's are drawn over them.
  const native = useMemo(
    () => nativeMarkers([...extra.bubbles, page.bubbles], page.pins, page.visitor),
    [extra.bubbles, page.bubbles, page.pins, page.visitor],
  );
  const shownTypes = useMemo<ShownType[]>(
    () => [
      { typeId: type.typeId, title: typeTitle(type), colour: PIN_RED },
      ...extra.extras.map((e) => ({
        typeId: e.type.typeId,
        title: typeTitle(typeById(e.type.typeId) ?? { titleFa: '', titleEn: '' }),
        colour: e.colour,
      })),
    ],
    [type, extra.extras],
  );
  const coverKm = useLayerKm('cover');
  const filters = useSelector(screen, (s) => s.context.filters);
  const [farLayer, setFarLayer] = useState<DeckLayerSpec | null>(null);
  const needKm = useLayerKm('need');
  const [needLayer, setNeedLayer] = useState<DeckLayerSpec | null>(null);
  const areaDrawing = useAreaDrawing(type, filters);
  // The far places under everything else, then the area: the locations stay clickable above them. While an
  // area is drawn, a click is a corner: nothing under it is picked.
  const deckLayers = useMemo(() => {
    const all: DeckLayerSpec[] = [
      ...(needLayer && needKm !== null ? [needLayer] : []),
      ...(farLayer && coverKm !== null ? [farLayer] : []),
      ...areaDrawing.layers,
      ...extra.deckLayers,
      ...page.deckLayers,
    ];
    return areaDrawing.drawing ? all.map(unpickable) : all;
  }, [
    needLayer,
    needKm,
    farLayer,
    coverKm,
    areaDrawing.layers,
    areaDrawing.drawing,
    extra.deckLayers,
    page.deckLayers,
  ]);
  const inView = useMemo(
    () => [{ typeId: type.typeId, points: markers, indexes: visible }, ...extra.visible],
    [type.typeId, markers, visible, extra.visible],
  );
  useFirstView(screen, container, link);
  useDialogInUrl(dialog, link);
  useCameraRequests(screen, camera);
  useFrameNearest(nearMe, camera);
  const writeUrl = useCameraInUrl(camera.readCamera);
  const printImage = usePrintImage(mapRef);
  const panel = useSelector(screen, panelOf);
  const listed = markersInView(inView);
  // The list of what is in view waits until something is: an empty sheet over half a phone (a light page opens
  // on the list) only repeated what the status bar says.
  const panelMode = panel === 'inView' && listed === 0 ? 'closed' : panel;
  const detailOpen = useSelector(dialog, (s) => !s.matches('closed'));
  const loading = useSelector(data, isLoading);
  const failed = useSelector(data, hasFailed);
  const settled = useSelector(data, isSettled);
  const error = useSelector(data, (s) => s.context.error);
  const hint = useSelector(data, (s) => showsZoomHint(s.context));
  const stateName = useSelector(data, (s) => JSON.stringify(s.value));
  const { zoom, latitude, longitude } = camera.camera;
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
        data-pins={page.pinCount}
        data-zoom={zoom.toFixed(2)}
        data-center={`${latitude.toFixed(6)},${longitude.toFixed(6)}`}
        data-min-zoom={camera.minZoom.toFixed(2)}
        data-map-loaded={camera.loaded}
        role="region"
        aria-label={t.mapLabel}
      >
        <LoadingBar active={loading} testId="map-loading" />
        <ServerMapPicture failed={failed} />
        <img ref={printImage} className="map-print-image" alt={`${t.mapLabel}: ${typeTitle(type)}`} />
        <MapCanvas
          camera={camera}
          start={start}
          deepLinked={link.camera !== null}
          native={native}
          deckLayers={deckLayers}
          settled={settled}
          tooltip={(object, layerId) => farTooltip(object, layerId) ?? needTooltip(object, layerId)}
          onMoveEnd={writeUrl}
          drawing={areaDrawing.drawing}
          onMapClick={areaDrawing.drawing ? areaDrawing.addCorner : undefined}
        >
          <NearestPins nearMe={nearMe} onOpen={(place) => screen.send({ type: 'OPEN_PLACE', ...place })} />
        </MapCanvas>
        <ZoomButtons zoom={zoom} minZoom={camera.minZoom} onZoom={camera.zoomBy} />
        <MapLegend types={shownTypes} />
        {coverKm !== null ? (
          <CoverageLayerSource
            typeId={type.typeId}
            typeTitle={typeTitle(type)}
            filters={filters}
            km={coverKm}
            onLayer={setFarLayer}
          />
        ) : null}
        {needKm !== null ? (
          <NeedLayerSource
            typeId={type.typeId}
            typeTitle={typeTitle(type)}
            filters={filters}
            km={needKm}
            onLayer={setNeedLayer}
          />
        ) : null}
        <MapActions
          type={type}
          onWholeCountry={camera.showCountry}
          onNearMe={() => screen.send({ type: 'NEAR_ME' })}
          onDrawArea={() => areaDrawing.actor.send({ type: 'START' })}
        />
        <AreaDrawPanel
          type={type}
          actor={areaDrawing.actor}
          centre={() => {
            const now = camera.readCamera();
            return now ? { lon: now.longitude, lat: now.latitude } : null;
          }}
        />
        {failed ? (
          <LoadFailure message={failureText(error) ?? t.errors.mapData} onRetry={() => data.send({ type: 'RETRY' })} />
        ) : null}
        {markers.truncated ? <TruncatedNotice /> : null}
      </div>
      <PrintNotes typeTitle={typeTitle(type)} mapRef={mapRef} />
      <InViewStatus
        hint={hint}
        settled={settled}
        inView={listed}
        onList={() => screen.send({ type: 'LIST_IN_VIEW' })}
      />
      <OnDemand
        load={loadPlacesPanel}
        shown={panelMode !== 'closed'}
        props={{
          mode: panelMode,
          onClose: () => screen.send({ type: 'CLOSE_PANEL' }),
          inView,
          shownTypes,
          nearMe,
          onOpen: (place) => screen.send({ type: 'OPEN_PLACE', ...place }),
          onChooseTown: (place) =>
            screen.send({ type: 'NEAR_PLACE', name: placeName(place), lat: place.Lat, lon: place.Long }),
        }}
      />
      <OnDemand load={loadDetailDialog} shown={detailOpen} props={{ actor: dialog }} />
    </div>
  );
}

/** The map of the screen's type, once the screen runs its machines (it does from the first type shown). */
export function MapView({ type }: { type: LocationType }) {
  const screen = useMapScreen();
  const data = useSelector(screen, mapDataOf);
  const dialog = useSelector(screen, dialogOf);
  const nearMe = useSelector(screen, nearMeOf);
  if (!data || !dialog || !nearMe) return null;
  return <MapScreenView type={type} screen={screen} data={data} dialog={dialog} nearMe={nearMe} />;
}

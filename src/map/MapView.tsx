/**
 * The map tab: the map screen's machine decides (data, dialog, near-me, panel, requests from elsewhere);
 * the hooks move the camera and keep the URL; this view renders their state and sends events.
 */
import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { typeById, type LocationType } from '../../domain/locationTypes';
import { dialogOf, mapDataOf, nearMeOf, panelOf, type MapScreenRef, type PanelMode } from '../../machines/mapScreen';
import { t } from '../i18n/words';
import { typeTitle, placeName } from '../i18n/names';
import { failureText } from '../i18n/failureText';
import { LoadingBar } from '../ui/Feedback';
import { useAskAnswer } from './useAskAnswer';
import { OnDemand, preloadAfterFirstScreen } from '../ui/OnDemand';
import { parseDeepLink } from '../url/deepLink';
import { AreaDrawPanel, useAreaDrawing } from './AreaDrawing';
import { drawsDots } from './layers';
import { unpickable } from './deckSpecs';
import { nativeMarkers } from './nativeMarkers';
import type { DetailDialogRef, MapDataRef, NearMeRef } from './mapActors';
import { MapActions } from './MapActions';
import { MapLegend } from './MapLegend';
import { PrintNotes } from './PrintNotes';
import { useMapOverlays } from './mapOverlays';
import { MapCanvas } from './MapCanvas';
import { NearestPins } from './NearestPins';
import { INITIAL_CENTER, INITIAL_ZOOM } from './mapConstants';
import { useMapScreen } from './MapScreenProvider';
import { InViewStatus, LoadFailure, TruncatedNotice } from './MapStatus';
import { ServerMapPicture } from './ServerMapPicture';
import { useMapCamera, type MapCamera } from './useMapCamera';
import { useMapScreenEffects } from './useMapScreenEffects';
import { useMapStatus } from './useMapStatus';
import { useMarkerLayers } from './useMarkerLayers';
import { useExtraLayers } from './useExtraLayers';
import { PIN_RED, type ShownType } from './typeColours';
import { ZoomButtons } from './ZoomButtons';
import { markersInView } from '../../machines/placeLabels';

// A location's detail and the list of places open on demand: their code (and Mantine's dialogs and drawers with
// it) is not on the way to the first map, and is fetched once the first screen is up.
const loadDetailDialog = () => import('./DetailDialog').then((m) => ({ default: m.DetailDialog }));
const loadPlacesPanel = () => import('./PlacesPanel').then((m) => ({ default: m.PlacesPanel }));
const loadAskPanel = () => import('./AskPanel').then((m) => ({ default: m.AskPanel }));
preloadAfterFirstScreen(loadDetailDialog);
preloadAfterFirstScreen(loadPlacesPanel);
preloadAfterFirstScreen(loadAskPanel);

interface ScreenProps {
  type: LocationType;
  screen: MapScreenRef;
  data: MapDataRef;
  dialog: DetailDialogRef;
  nearMe: NearMeRef;
}

/** Where the map starts: a deep link's camera, or over Tehran to glide to the country (useOpeningView). */
function useStartView() {
  const link = useMemo(() => parseDeepLink(window.location.search), []);
  const start = useMemo(() => link.camera ?? { ...INITIAL_CENTER, zoom: INITIAL_ZOOM }, [link]);
  return { link, start };
}

/** The types drawn (the page's and those added), for the legend and the list, and their markers for MapLibre. */
function useDrawnTypes(
  type: LocationType,
  extra: ReturnType<typeof useExtraLayers>,
  page: ReturnType<typeof useMarkerLayers>,
) {
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
  const inView = useMemo(
    () => [{ typeId: type.typeId, points: page.markers, indexes: page.visible }, ...extra.visible],
    [type.typeId, page.markers, page.visible, extra.visible],
  );
  return { native, shownTypes, inView };
}

function MapScreenView({ type, screen, data, dialog, nearMe }: ScreenProps) {
  const { link, start } = useStartView();
  const camera = useMapCamera(screen, data, start);
  // The refs by name: the compiler's checks then know the rest of the camera is state, read while rendering.
  const { container, mapRef } = camera;
  const extra = useExtraLayers(screen, dialog, camera);
  const page = useMarkerLayers(type, { data, dialog, nearMe }, camera);
  const { native, shownTypes, inView } = useDrawnTypes(type, extra, page);
  const filters = useSelector(screen, (s) => s.context.filters);
  const overlays = useMapOverlays({ typeId: type.typeId, title: typeTitle(type) }, filters);
  const areaDrawing = useAreaDrawing(type, filters);
  // The analyst's overlays under everything else, then the area: the locations stay clickable above them. While
  // an area is drawn, or an overlay takes the clicks (a plan's new sites), a click is a point: nothing is picked.
  const mapClick = areaDrawing.drawing ? areaDrawing.addCorner : overlays.onMapClick;
  const clicking = mapClick !== null;
  const deckLayers = useMemo(() => {
    const all = [...overlays.deckLayers, ...areaDrawing.layers, ...extra.deckLayers, ...page.deckLayers];
    return clicking ? all.map(unpickable) : all;
  }, [overlays.deckLayers, areaDrawing.layers, clicking, extra.deckLayers, page.deckLayers]);
  const { opening, writeUrl, printImage } = useMapScreenEffects({ screen, dialog, nearMe }, camera, { link, start });
  const panel = useSelector(screen, panelOf);
  const detailOpen = useSelector(dialog, (s) => !s.matches('closed'));
  const status = useMapStatus(data);
  const listed = markersInView(inView);
  const panelMode = panelModeOf(panel, listed);
  const { zoom } = camera.camera;
  const openPlace = (place: { guid: string; typeId: string; lat: number; lon: number }) =>
    screen.send({ type: 'OPEN_PLACE', ...place });
  const ask = useAskAnswer(screen);
  return (
    <div className="map-frame">
      <div
        className="map-canvas"
        ref={container}
        data-testid="map"
        {...mapDataset(status, page, camera)}
        role="region"
        aria-label={t.mapLabel}
      >
        <LoadingBar active={status.loading} testId="map-loading" />
        <ServerMapPicture failed={status.failed} />
        <img ref={printImage} className="map-print-image" alt={`${t.mapLabel}: ${typeTitle(type)}`} />
        <MapCanvas
          camera={camera}
          opening={opening}
          native={native}
          deckLayers={deckLayers}
          settled={status.settled}
          tooltip={overlays.tooltip}
          onMoveEnd={writeUrl}
          drawing={clicking}
          onMapClick={mapClick ?? undefined}
        >
          <NearestPins nearMe={nearMe} answer={ask.places} onOpen={openPlace} />
        </MapCanvas>
        <ZoomButtons zoom={zoom} minZoom={camera.minZoom} onZoom={camera.zoomBy} />
        <MapLegend types={shownTypes} />
        {overlays.sources}
        <MapActions
          type={type}
          onWholeCountry={camera.showCountry}
          onNearMe={() => screen.send({ type: 'NEAR_ME' })}
          onDrawArea={() => areaDrawing.actor.send({ type: 'START' })}
        />
        <AreaDrawPanel type={type} actor={areaDrawing.actor} centre={() => centreOf(camera)} />
        {status.failed ? (
          <LoadFailure
            message={failureText(status.error) ?? t.errors.mapData}
            onRetry={() => data.send({ type: 'RETRY' })}
          />
        ) : null}
        {page.markers.truncated ? <TruncatedNotice /> : null}
      </div>
      <PrintNotes typeTitle={typeTitle(type)} mapRef={mapRef} />
      <InViewStatus
        hint={status.hint}
        settled={status.settled}
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
          onOpen: openPlace,
          onChooseTown: (place) =>
            screen.send({ type: 'NEAR_PLACE', name: placeName(place), lat: place.Lat, lon: place.Long }),
        }}
      />
      <OnDemand load={loadAskPanel} shown={ask.open} props={{ ask, onOpen: ask.focusPlace }} />
      <OnDemand load={loadDetailDialog} shown={detailOpen} props={{ actor: dialog, pageType: type }} />
    </div>
  );
}

/**
 * The side panel as shown: the list of what is in view waits until something is (an empty sheet over half a phone,
 * where a light page opens on the list, only repeated what the status bar says).
 */
const panelModeOf = (panel: PanelMode, listed: number): PanelMode =>
  panel === 'inView' && listed === 0 ? 'closed' : panel;

/** What the map's box says of itself, for the tests' drivers to wait on and read (tests/e2e/drivers/AppDriver.ts). */
function mapDataset(
  status: { stateName: string; bounds: string },
  page: ReturnType<typeof useMarkerLayers>,
  camera: MapCamera,
) {
  const { zoom, latitude, longitude } = camera.camera;
  return {
    'data-state': status.stateName,
    'data-bounds': status.bounds,
    'data-markers': page.markers.count,
    'data-marker-form': drawsDots(page.markers) ? 'dots' : 'pins',
    'data-clusters': page.clusters.length,
    'data-pins': page.pinCount,
    'data-zoom': zoom.toFixed(2),
    'data-center': `${latitude.toFixed(6)},${longitude.toFixed(6)}`,
    'data-min-zoom': camera.minZoom.toFixed(2),
    'data-map-loaded': camera.loaded,
  };
}

/** The map's centre now, for a corner added from the keyboard. */
function centreOf(camera: MapCamera): { lon: number; lat: number } | null {
  const now = camera.readCamera();
  return now ? { lon: now.longitude, lat: now.latitude } : null;
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

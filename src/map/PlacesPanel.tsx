/**
 * The side panel listing places: the markers in view (the keyboard's and a screen reader's way into
 * locations drawn in the WebGL canvas, with a filter box on the shared folding rule), or the nearest to the
 * visitor ("near me") with distances and directions.
 */
import { useEffect, useMemo, useState } from 'react';
import { Drawer, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_MEDIA_QUERY } from '../../domain/breakpoints';
import { PHONE_SHEET_SHARE, SIDE_PANEL_POSITION } from './mapConstants';
import { IconSearch } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMachineView } from '../ui/useMachineView';
import type { ActorRefFrom } from 'xstate';
import type { Place } from '../../domain/places';
import { foldText, indicesContaining } from '../../domain/text';
import type { PanelMode } from '../../machines/mapScreen';
import type { nearMeMachine } from '../../machines/nearMe';
import { LISTED_MAX, markersInView, type InViewSet, type ListedPlace } from '../../machines/placeLabels';
import { t } from '../i18n/words';
import { formatCount } from '../i18n/format';
import { failureText } from '../i18n/failureText';
import { useInspect } from '../inspect/inspector';
import { livePlaceLabelsMachine } from './liveMachines';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { VirtualList } from '../ui/VirtualList';
import { NearbyList } from './NearbyList';
import { TypeTag } from './TypeTag';
import type { ShownType } from './typeColours';
import { useBackStep } from '../url/backStep';
import { COVERS_MAP_CLASS, PHONE_SHEET_CLASS } from './coveredSides';
import { valueName } from '../i18n/values';

/** The markers in view of each type shown (the page's first). */
export type InView = readonly InViewSet[];

interface PlacesPanelProps {
  mode: PanelMode;
  onClose(): void;
  inView: InView;
  /** The types shown, with their colours: named beside each place when there are several. */
  shownTypes: readonly ShownType[];
  nearMe: ActorRefFrom<typeof nearMeMachine>;
  onOpen(place: { guid: string; lat: number; lon: number; typeId?: string }): void;
  /** "I am in this town instead": the nearest from a chosen place. */
  onChooseTown(place: Place): void;
}

/** Loads the names of the markers in view (they are drawn from positions alone), then lists them. */
function InViewList({ inView, shownTypes, onOpen }: Pick<PlacesPanelProps, 'inView' | 'shownTypes' | 'onOpen'>) {
  const inspect = useInspect();
  const labels = useActorRef(livePlaceLabelsMachine, { input: { sets: inView }, inspect });
  useEffect(() => labels.send({ type: 'SETS_CHANGED', sets: inView }), [labels, inView]);
  const snapshot = useMachineView(labels);
  if (snapshot.matches('tooMany')) {
    return (
      <Text size="sm" role="status" data-testid="marker-list-too-many">
        {t.markerListTooMany(formatCount(markersInView(inView)), formatCount(LISTED_MAX))}
      </Text>
    );
  }
  if (snapshot.matches('failed')) {
    return (
      <FailureAlert
        title={t.markerListTitle}
        message={failureText(snapshot.context.error) ?? t.errors.server}
        onRetry={() => labels.send({ type: 'RETRY' })}
        testId="marker-list-error"
      />
    );
  }
  if (!snapshot.matches('ready')) {
    return (
      <div role="status" data-testid="marker-list-busy">
        <Text size="sm">{t.markerListLoading}</Text>
        <BusyIndicator height={80} />
      </div>
    );
  }
  return (
    <FilteredList markers={snapshot.context.labels} shownTypes={inView.length > 1 ? shownTypes : []} onOpen={onOpen} />
  );
}

function FilteredList({
  markers,
  shownTypes,
  onOpen,
}: {
  markers: ListedPlace[];
  /** Empty when one type is shown (no need to say which). */
  shownTypes: readonly ShownType[];
  onOpen: PlacesPanelProps['onOpen'];
}) {
  const [filter, setFilter] = useState('');
  // Names are folded once per loaded set, not on every key.
  const folded = useMemo(() => markers.map((m) => foldText(m.Name)), [markers]);
  const shown = useMemo(() => {
    const wanted = foldText(filter);
    return wanted === '' ? markers : indicesContaining(folded, wanted).map((i) => markers[i]!);
  }, [markers, folded, filter]);
  return (
    <>
      <TextInput
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        placeholder={t.markerFilter}
        aria-label={t.markerFilter}
        leftSection={<IconSearch size={16} />}
        mb="xs"
        data-testid="marker-filter"
        data-autofocus
      />
      <Text size="sm" c="dimmed" mb="xs" role="status">
        {markers.length === 0 ? t.markerListEmpty : shown.length === 0 ? t.markerFilterNoMatch : t.markerListHelp}
      </Text>
      <VirtualList
        items={shown}
        label={t.markerListTitle}
        renderItem={(marker) => (
          <button
            type="button"
            className="marker-list-item"
            onClick={() => onOpen({ guid: marker.Guid, lat: marker.Lat, lon: marker.Long, typeId: marker.TypeId })}
          >
            {/* Isolated: a name mixing Latin words ("… IT پارس …") keeps its own order whatever the page's. */}
            <bdi>{marker.Name}</bdi>
            {marker.Gender ? (
              <span className="marker-list-gender" data-testid="marker-gender">
                {' · '}
                {valueName(marker.Gender)}
              </span>
            ) : null}
            <TypeTag type={shownTypes.find((t) => t.typeId === marker.TypeId)} />
          </button>
        )}
      />
    </>
  );
}

export function PlacesPanel({ mode, onClose, inView, shownTypes, nearMe, onOpen, onChooseTown }: PlacesPanelProps) {
  const origin = useSelector(nearMe, (s) => s.context.origin);
  const trade = useSelector(nearMe, (s) => s.context.trade);
  // While the drawer slides out it keeps what it showed, rather than switching content on the way out.
  const [lastOpen, setLastOpen] = useState<Exclude<PanelMode, 'closed'>>('inView');
  if (mode !== 'closed' && mode !== lastOpen) setLastOpen(mode);
  const shown = mode === 'closed' ? lastOpen : mode;
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  useBackStep(mode !== 'closed', onClose);
  return (
    <Drawer
      opened={mode !== 'closed'}
      onClose={onClose}
      // On a phone, a sheet over the lower part with the map above it in view and usable; a side panel otherwise.
      position={phone ? 'bottom' : SIDE_PANEL_POSITION}
      size={phone ? `${PHONE_SHEET_SHARE * 100}%` : undefined}
      withOverlay={!phone}
      lockScroll={!phone}
      title={
        shown !== 'nearby'
          ? t.markerListTitle
          : trade !== null
            ? t.nearMe.tradeTitle(valueName(trade), origin)
            : origin
              ? t.nearMe.titleFrom(origin)
              : t.nearMe.title
      }
      closeButtonProps={{ 'aria-label': t.close }}
      // Beside the map it covers a side, which framing keeps clear; the phone's sheet is kept clear below.
      classNames={{ body: 'marker-list-body', content: phone ? PHONE_SHEET_CLASS : COVERS_MAP_CLASS }}
    >
      {shown === 'inView' ? (
        <InViewList
          key={inView.map((set) => `${set.typeId}:${set.indexes.length}:${set.indexes[0] ?? ''}`).join()}
          inView={inView}
          shownTypes={shownTypes}
          onOpen={onOpen}
        />
      ) : null}
      {shown === 'nearby' ? (
        <NearbyList nearMe={nearMe} shownTypes={shownTypes} onOpen={onOpen} onChooseTown={onChooseTown} />
      ) : null}
    </Drawer>
  );
}

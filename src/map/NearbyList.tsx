/**
 * The nearest locations from the visitor (or from a town they chose), with distances and directions. When
 * the browser's position is refused, missing or too rough, the visitor can choose their town instead.
 */
import { Alert, NativeSelect, Stack, Text } from '@mantine/core';
import { useMachineView } from '../ui/useMachineView';
import type { ActorRefFrom } from 'xstate';
import type { Place } from '../../domain/places';
import { typeById } from '../../domain/locationTypes';
import { isCoarse, type NearbyResult, type nearMeMachine, type TypeCount } from '../../machines/nearMe';
import { t } from '../i18n/words';
import { PlaceDirections } from './PlaceDirections';
import { valueName } from '../i18n/values';
import { formatCount, formatKm, formatRank } from '../i18n/format';
import { typeTitle } from '../i18n/names';
import { failureText } from '../i18n/failureText';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { TownPicker } from './TownPicker';
import { TypeTag } from './TypeTag';
import { PIN_RED, type ShownType } from './typeColours';

interface NearbyListProps {
  nearMe: ActorRefFrom<typeof nearMeMachine>;
  /** The types shown: each place names its type when there are several. */
  shownTypes: readonly ShownType[];
  onOpen(place: { guid: string; lat: number; lon: number; typeId?: string }): void;
  onChooseTown(place: Place): void;
}

const ALL_TYPES = 'all';

/**
 * Where a trade spanning types is taught, each with its count: the visitor may narrow the list to one. A native
 * select, not chips: a trade may span a dozen types, which as chips would fill a phone's sheet above the list.
 */
function TaughtAt({
  spanning,
  onlyType,
  onChoose,
}: {
  spanning: readonly TypeCount[];
  onlyType: string | null;
  onChoose(typeId: string | null): void;
}) {
  const total = spanning.reduce((sum, type) => sum + type.count, 0);
  const options = [
    { value: ALL_TYPES, label: t.nearMe.allTypes(formatCount(total)) },
    ...spanning.map((type) => ({
      value: type.typeId,
      label: `${typeTitle(typeById(type.typeId) ?? { titleFa: '', titleEn: '' })} (${formatCount(type.count)})`,
    })),
  ];
  return (
    <NativeSelect
      size="sm"
      label={t.nearMe.taughtAt}
      data={options}
      value={onlyType ?? ALL_TYPES}
      onChange={(event) => onChoose(event.currentTarget.value === ALL_TYPES ? null : event.currentTarget.value)}
      data-testid="near-me-types"
    />
  );
}

/** How a listed place's type is named: as the map colours it, or, for a type a trade search spans, by name. */
const typeNamed = (shownTypes: readonly ShownType[], typeId: string): ShownType | undefined =>
  shownTypes.find((type) => type.typeId === typeId) ??
  (typeById(typeId) ? { typeId, title: typeTitle(typeById(typeId)!), colour: PIN_RED } : undefined);

export function NearbyList({ nearMe, shownTypes, onOpen, onChooseTown }: NearbyListProps) {
  const snapshot = useMachineView(nearMe);
  const { results, position, problem, error, spanning, onlyType } = snapshot.context;
  const taughtAt = spanning ? (
    <TaughtAt
      spanning={spanning}
      onlyType={onlyType}
      onChoose={(typeId) => nearMe.send({ type: 'ONLY_TYPE', typeId })}
    />
  ) : null;
  // Several types in one list: each place says which it is.
  const namesType = shownTypes.length > 1 || (spanning !== null && onlyType === null && spanning.length > 1);
  if (snapshot.matches('locating') || snapshot.matches('loading')) {
    return (
      <div role="status" data-testid="near-me-busy">
        {taughtAt}
        <Text size="sm">{snapshot.matches('locating') ? t.nearMe.locating : t.nearMe.loading}</Text>
        <BusyIndicator height={80} />
      </div>
    );
  }
  if (snapshot.matches('failed') && problem) {
    const message =
      problem === 'failed' ? (failureText(error) ?? t.nearMe.problems.failed) : t.nearMe.problems[problem];
    return (
      <Stack gap="md">
        <FailureAlert
          title={t.nearMe.title}
          message={message}
          onRetry={() => nearMe.send({ type: 'RETRY' })}
          testId="near-me-error"
        />
        {problem === 'failed' ? null : <TownPicker onChoose={onChooseTown} />}
      </Stack>
    );
  }
  const coarse = isCoarse(snapshot.context) ? (
    <Stack gap="xs">
      <Alert color="yellow" data-testid="near-me-coarse">
        {t.nearMe.coarse}
      </Alert>
      <TownPicker onChoose={onChooseTown} />
    </Stack>
  ) : null;
  if (results.length === 0)
    return (
      <Stack>
        {coarse}
        {taughtAt}
        <Text c="dimmed">{t.nearMe.none}</Text>
      </Stack>
    );
  return (
    <Stack gap="sm">
      {coarse}
      {taughtAt}
      <ol className="nearby-list" data-testid="near-me-list" aria-label={t.nearMe.title}>
        {results.map((place: NearbyResult, index) => (
          <li key={place.Guid} className="nearby-item" data-distance={place.DistanceKm}>
            <button
              type="button"
              className="marker-list-item"
              // Said whole, its parts apart: read from the spans alone, a name's last digit ran into the distance
              // («… ۱» then «۴۰ کیلومتر» heard as «۱۴۰ کیلومتر»).
              aria-label={[
                t.nearMe.pinLabel(formatRank(index + 1), place.Name, t.nearMe.distance(formatKm(place.DistanceKm))),
                ...(place.Gender ? [valueName(place.Gender)] : []),
                ...(namesType ? [typeNamed(shownTypes, place.TypeId)?.title ?? ''] : []),
              ].join(t.listSeparator)}
              onClick={() => onOpen({ guid: place.Guid, lat: place.Lat, lon: place.Long, typeId: place.TypeId })}
            >
              <span className="nearby-name">
                <span className="nearest-number" aria-hidden>
                  {formatRank(index + 1)}
                </span>
                <bdi>{place.Name}</bdi>
                {namesType ? <TypeTag type={typeNamed(shownTypes, place.TypeId)} /> : null}
              </span>
              <span className="nearby-distance">
                {t.nearMe.distance(formatKm(place.DistanceKm))}
                {/* Who it is open to, so a woman need not open each to learn it is a men's centre. */}
                {place.Gender ? <span data-testid="nearby-gender"> · {valueName(place.Gender)}</span> : null}
              </span>
            </button>
            {position ? <PlaceDirections place={place} from={position} /> : null}
          </li>
        ))}
      </ol>
    </Stack>
  );
}

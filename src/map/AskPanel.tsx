/**
 * The answer to a question asked in everyday words (?ask= in the address, src/url/askQuestion.ts): what was
 * understood, as chips the visitor can remove, the words not used, and the answer (the nearest with their
 * distance, whom they admit and what they teach; a count with its sentence; a province's list). The page and the
 * filters follow the chips (the type's page, the audience's gender filter), and the map frames the answer.
 */
import { Alert, Button, Drawer, Group, Pill, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCurrentLocation } from '@tabler/icons-react';
import { PHONE_MEDIA_QUERY } from '../../domain/breakpoints';
import { typeById, typeByRoute } from '../../domain/locationTypes';
import type { AskAnswer, AskDroppable, AskResult, Understood } from '../../domain/wire/ask';
import { t } from '../i18n/words';
import { valueName } from '../i18n/values';
import { formatCount, formatKm, formatRank } from '../i18n/format';
import { placeName, provinceNameOfFa, typeTitle } from '../i18n/names';
import { failureText } from '../i18n/failureText';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { closeAsk, dropPart } from '../url/askQuestion';
import type { AskAnswerState } from './useAskAnswer';
import { COVERS_MAP_CLASS, PHONE_SHEET_CLASS } from './coveredSides';
import { locateVisitor } from './geolocate';
import { PHONE_SHEET_SHARE, SIDE_PANEL_POSITION } from './mapConstants';
import { TypeTag } from './TypeTag';
import { PlaceDirections } from './PlaceDirections';
import { PIN_RED } from './typeColours';

interface OpensPlaces {
  onOpen(place: { guid: string; typeId: string; lat: number; lon: number }): void;
}

interface AskPanelProps extends OpensPlaces {
  ask: AskAnswerState;
}

/** A chip's words, by the part it shows (null: the part was not understood, so there is no chip). */
function chipLabel(part: keyof Understood, understood: Understood): string | null {
  switch (part) {
    case 'Route': {
      const type = understood.Route === null ? undefined : typeByRoute(understood.Route);
      return type ? typeTitle(type) : null;
    }
    case 'Trade':
      return understood.Trade === null ? null : valueName(understood.Trade);
    case 'Audience':
      return understood.Audience === null ? null : t.ask.audience[understood.Audience];
    case 'Place': {
      const place = understood.Place;
      if (place === null) return null;
      const name = placeName({ Name: place.Name, ...(place.EnName ? { NameEn: place.EnName } : {}) });
      return place.Kind === 'province' ? t.ask.province(name) : name;
    }
    case 'NearMe':
      return understood.NearMe ? t.ask.nearMe : null;
    case 'WithinKm':
      return understood.WithinKm === null ? null : t.ask.within(formatKm(understood.WithinKm));
    case 'Intent':
      return t.ask.intent[understood.Intent];
  }
}

const CHIP_PARTS: readonly (keyof Understood)[] = [
  'Route',
  'Trade',
  'Audience',
  'Place',
  'NearMe',
  'WithinKm',
  'Intent',
];

function Chips({ understood }: { understood: Understood }) {
  const chips = CHIP_PARTS.flatMap((part) => {
    const label = chipLabel(part, understood);
    return label === null ? [] : [{ part, label }];
  });
  return (
    <Group gap={6} data-testid="ask-chips" role="list" aria-label={t.ask.understood}>
      {understood.Route === null ? (
        <Pill role="listitem" data-part="Route" data-removable="false">
          {t.ask.anyType}
        </Pill>
      ) : null}
      {chips.map(({ part, label }) => (
        <Pill
          key={part}
          role="listitem"
          data-part={part}
          withRemoveButton={part !== 'Intent'}
          onRemove={() => dropPart(part as AskDroppable)}
          removeButtonProps={{ 'aria-label': t.ask.remove(`${t.ask.parts[part]}: ${label}`) }}
        >
          {label}
        </Pill>
      ))}
    </Group>
  );
}

/** Where a count was taken, in words. */
function scopeWords(answer: AskResult, understood: Understood): string {
  const scope = answer.Scope;
  if (scope?.Kind === 'province')
    return t.ask.inProvince(understood.Place ? chipPlaceName(understood) : provinceNameOfFa(scope.Province));
  if (scope?.Kind === 'around')
    return t.ask.around(formatKm(scope.Km), understood.Place ? chipPlaceName(understood) : t.ask.fromYou);
  return t.ask.inCountry;
}

const chipPlaceName = (understood: Understood) =>
  placeName({
    Name: understood.Place!.Name,
    ...(understood.Place!.EnName ? { NameEn: understood.Place!.EnName } : {}),
  });

/** "12 TVTO centres teaching sewing, admitting women, in Fars province." */
function countSentence(answer: AskResult, understood: Understood): string {
  const type = understood.Route === null ? undefined : typeByRoute(understood.Route);
  const what = [
    type ? typeTitle(type) : t.ask.locations,
    ...(understood.Trade ? [t.ask.teaching(valueName(understood.Trade))] : []),
    ...(understood.Audience ? [t.ask.admitting(t.ask.whom[understood.Audience])] : []),
  ].join(t.listSeparator);
  return t.ask.counted(formatCount(answer.Count ?? 0), what, scopeWords(answer, understood));
}

function Found({ answer, withinKm, onOpen }: { answer: AskResult; withinKm: number | null } & OpensPlaces) {
  const several = answer.TypeIds.length > 1;
  const from = answer.From;
  if (answer.Locations.length === 0)
    return (
      <Text c="dimmed" data-testid="ask-nothing">
        {withinKm === null ? t.ask.nothing : t.ask.nothingWithin(formatKm(withinKm))}
      </Text>
    );
  return (
    <ol className="nearby-list" data-testid="ask-list" aria-label={t.ask.title}>
      {answer.Locations.map((place, index) => {
        const type = typeById(place.TypeId);
        const distance = place.DistanceKm === null ? null : t.ask.km(formatKm(place.DistanceKm));
        const trades = place.Trades.length > 0 ? t.ask.trades(place.Trades.map(valueName).join(t.listSeparator)) : null;
        return (
          <li
            key={place.Guid}
            className="nearby-item"
            data-gender={place.Gender}
            data-distance={place.DistanceKm ?? ''}
          >
            <button
              type="button"
              className="marker-list-item"
              aria-label={[formatRank(index + 1), place.Name, distance, valueName(place.Gender), trades]
                .filter(Boolean)
                .join(t.listSeparator)}
              onClick={() => onOpen({ guid: place.Guid, typeId: place.TypeId, lat: place.Lat, lon: place.Long })}
            >
              <span className="nearby-name ask-place">
                <span className="nearest-number" aria-hidden>
                  {formatRank(index + 1)}
                </span>
                <bdi className="ask-name">{place.Name}</bdi>
                {several && type ? (
                  <TypeTag type={{ typeId: place.TypeId, title: typeTitle(type), colour: PIN_RED }} />
                ) : null}
                {trades ? <span className="ask-trades">{trades}</span> : null}
              </span>
              <span className="nearby-distance">
                {distance}
                {distance ? ' · ' : ''}
                {valueName(place.Gender)}
              </span>
            </button>
            {from ? <PlaceDirections place={place} from={{ lat: from.Lat, lon: from.Long }} /> : null}
          </li>
        );
      })}
    </ol>
  );
}

function AnswerBody({ answer, onOpen, onLocate }: { answer: AskAnswer; onLocate(): void } & OpensPlaces) {
  const { Answer: result, Understood: understood } = answer;
  if (result.Kind === 'none')
    return (
      <Stack gap="xs" align="flex-start" data-testid="ask-needs-position">
        <Text size="sm">{t.ask.needsPosition}</Text>
        <Button size="xs" leftSection={<IconCurrentLocation size={16} />} onClick={onLocate}>
          {t.ask.usePosition}
        </Button>
      </Stack>
    );
  if (result.Kind === 'count')
    return (
      <Text fw={600} data-testid="ask-count">
        {countSentence(result, understood)}
      </Text>
    );
  const from =
    understood.NearMe && result.From ? t.ask.fromYou : understood.Place ? chipPlaceName(understood) : t.ask.fromYou;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {result.Kind === 'list'
          ? t.ask.listIn(formatCount(result.Count ?? 0), formatCount(result.Locations.length))
          : understood.WithinKm === null
            ? t.ask.nearestFrom(from)
            : t.ask.nearestWithin(formatKm(understood.WithinKm), from)}
      </Text>
      <Found answer={result} withinKm={understood.WithinKm} onOpen={onOpen} />
    </Stack>
  );
}

export function AskPanel({ ask, onOpen }: AskPanelProps) {
  const { open, question, query } = ask;
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  const locate = () =>
    void locateVisitor()
      .then((position) => query.change({ position: { lat: position.lat, lon: position.lon } }))
      .catch(() => {});
  const answer = query.answer;
  return (
    <Drawer
      opened={open}
      onClose={closeAsk}
      position={phone ? 'bottom' : SIDE_PANEL_POSITION}
      size={phone ? `${PHONE_SHEET_SHARE * 100}%` : undefined}
      withOverlay={false}
      lockScroll={false}
      title={t.ask.title}
      closeButtonProps={{ 'aria-label': t.close }}
      classNames={{ body: 'marker-list-body', content: phone ? PHONE_SHEET_CLASS : COVERS_MAP_CLASS }}
      data-testid="ask-panel"
    >
      <Stack gap="sm" data-state={query.status}>
        <Text fw={600}>
          <bdi>{question}</bdi>
        </Text>
        {answer ? (
          <>
            <Text size="xs" c="dimmed">
              {t.ask.understood}
            </Text>
            <Chips understood={answer.Understood} />
            {answer.Unused.length > 0 ? (
              <Text size="xs" c="dimmed" data-testid="ask-unused">
                {t.ask.unused(answer.Unused.join(t.listSeparator))}
              </Text>
            ) : null}
            {answer.PersianReading ? (
              <Alert color="blue" variant="light" data-testid="ask-persian-reading">
                {t.ask.readAs(answer.PersianReading)}
              </Alert>
            ) : null}
          </>
        ) : null}
        {query.status === 'failed' ? (
          <FailureAlert
            title={t.ask.title}
            message={failureText(query.error) ?? ''}
            onRetry={query.retry}
            testId="ask-error"
          />
        ) : query.status === 'loading' && !answer ? (
          <BusyIndicator height={80} />
        ) : answer ? (
          <AnswerBody answer={answer} onOpen={onOpen} onLocate={locate} />
        ) : null}
        <Text size="xs" c="dimmed">
          {t.ask.source}
        </Text>
      </Stack>
    </Drawer>
  );
}

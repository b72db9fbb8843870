/**
 * Search by name in the toolbar: results as the visitor types, grouped by type with the
 * province, usable by keyboard (arrows, Enter, Escape) and announced (the combobox pattern). Choosing a
 * result opens its type's map, flies to it and opens its detail. On phones it sits behind a button.
 */
import { useState } from 'react';
import { ActionIcon, CloseButton, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMachineView } from '../ui/useMachineView';
import { useLocation } from 'wouter';
import { PHONE_MEDIA_QUERY } from '../../domain/breakpoints';
import { pathOfRoute, typeByRoute } from '../../domain/locationTypes';
import type { SearchResult } from '../../domain/search';
import { t } from '../i18n/words';
import { placeName, provinceNameOfFa, typeTitle } from '../i18n/names';
import { formatCount } from '../i18n/format';
import { valueName } from '../i18n/values';
import { failureText } from '../i18n/failureText';
import { useInspect } from '../inspect/inspector';
import { useFocusMap, useMapScreen } from '../map';
import { shownTypeOf, viewCentreOf } from '../../machines/mapScreen';
import { totalCount } from '../../machines/search';
import { liveSearchMachine } from './liveSearch';
import { openAsk } from '../url/askQuestion';
import { foldText } from '../../domain/text';

/** "1000+" as the reader's digits, with its plus. */
const formatTotal = (total: string) =>
  `${formatCount(totalCount(total) - (total.endsWith('+') ? 1 : 0))}${total.endsWith('+') ? '+' : ''}`;

/** Results in groups by type, in the order the server ranked them (a group appears where its best result is). */
function groupByType(results: SearchResult[]): { route: string; title: string; results: SearchResult[] }[] {
  const groups = new Map<string, { route: string; title: string; results: SearchResult[] }>();
  for (const result of results) {
    const type = typeByRoute(result.Route);
    const group = groups.get(result.Route) ?? {
      route: result.Route,
      title: type ? typeTitle(type) : result.Route,
      results: [],
    };
    group.results.push(result);
    groups.set(result.Route, group);
  }
  return [...groups.values()];
}

const PLACE_OPTION = 'place:';
const ASK_OPTION = 'ask:';

/** A text of two words or more may be a question: it is offered to be read as one, after the names it finds. */
const mayBeQuestion = (text: string) =>
  foldText(text)
    .split(' ')
    .filter((word) => word !== '').length >= 2;
const TRADE_OPTION = 'trade:';
const MORE_OPTION = 'more:';

function SearchField({ autoFocus, onDone }: { autoFocus: boolean; onDone?(): void }) {
  const screen = useMapScreen();
  const [logic] = useState(() =>
    liveSearchMachine(() => ({
      typeId: shownTypeOf(screen.getSnapshot()),
      centre: viewCentreOf(screen.getSnapshot()),
      filters: screen.getSnapshot().context.filters,
    })),
  );
  const actor = useActorRef(logic, { inspect: useInspect() });
  const snapshot = useMachineView(actor);
  const canShowMore = useSelector(actor, (s) => s.can({ type: 'MORE' }));
  const { query, places, trades, results, total, error } = snapshot.context;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [, navigate] = useLocation();
  const focusMap = useFocusMap();
  const found = places.length + trades.length + results.length;

  /** A town or a province: the nearest locations of the shown type from there, listed and framed. */
  const choosePlace = (index: number) => {
    const place = places[index];
    if (!place) return;
    combobox.closeDropdown();
    actor.send({ type: 'CLEAR' });
    screen.send({ type: 'NEAR_PLACE', name: placeName(place), lat: place.Lat, lon: place.Long });
    onDone?.();
  };

  /** A trade: the nearest locations teaching it, from the visitor's position (or the town chosen there). */
  const chooseTrade = (name: string) => {
    const offer = trades.find((trade) => trade.Trade === name);
    combobox.closeDropdown();
    actor.send({ type: 'CLEAR' });
    const across = offer?.Types?.map((type) => ({ typeId: type.TypeId, count: type.Count }));
    screen.send({ type: 'NEAR_TRADE', trade: name, across });
    onDone?.();
  };

  /** The text read as a question: its answer opens beside the map (src/map/AskPanel.tsx). */
  const ask = () => {
    combobox.closeDropdown();
    openAsk(query);
    actor.send({ type: 'CLEAR' });
    onDone?.();
  };

  const choose = (guid: string) => {
    if (guid === ASK_OPTION) return ask();
    if (guid === MORE_OPTION) return actor.send({ type: 'MORE' });
    if (guid.startsWith(TRADE_OPTION)) return chooseTrade(guid.slice(TRADE_OPTION.length));
    if (guid.startsWith(PLACE_OPTION)) return choosePlace(Number(guid.slice(PLACE_OPTION.length)));
    const result = results.find((r) => r.Guid === guid);
    if (!result) return;
    combobox.closeDropdown();
    actor.send({ type: 'CLEAR' });
    navigate(pathOfRoute(result.Route));
    focusMap({
      kind: 'location',
      guid: result.Guid,
      latitude: result.Lat,
      longitude: result.Long,
      minZoom: typeByRoute(result.Route)?.minZoom ?? null,
    });
    onDone?.();
  };

  const status = snapshot.matches('idle')
    ? query.trim() === ''
      ? ''
      : t.find.tooShort
    : snapshot.matches('failed')
      ? `${t.find.failed} ${failureText(error) ?? ''}`
      : snapshot.matches('shown')
        ? found === 0
          ? t.find.nothing
          : total !== null && totalCount(total) > results.length
            ? t.find.resultsOf(formatCount(results.length), formatTotal(total))
            : t.find.results(formatCount(found))
        : t.find.searching;

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal={false} position="bottom-end">
      <Combobox.Target withExpandedAttribute>
        <TextInput
          className="search-input"
          value={query}
          onChange={(e) => {
            actor.send({ type: 'TYPED', text: e.currentTarget.value });
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && !combobox.dropdownOpened) onDone?.();
            // Enter on a question with no option chosen asks it, as a search box's Enter is expected to.
            if (e.key === 'Enter' && combobox.getSelectedOptionIndex() < 0 && mayBeQuestion(query)) ask();
          }}
          placeholder={t.find.placeholder}
          aria-label={t.find.label}
          leftSection={
            snapshot.matches('searching') || snapshot.matches('debouncing') ? (
              <Loader size={14} />
            ) : (
              <IconSearch size={16} />
            )
          }
          rightSection={
            query ? (
              <CloseButton
                size="sm"
                aria-label={t.close}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => actor.send({ type: 'CLEAR' })}
              />
            ) : null
          }
          autoFocus={autoFocus}
          data-testid="search-input"
          data-state={JSON.stringify(snapshot.value)}
        />
      </Combobox.Target>
      <Text className="visually-hidden" role="status" aria-live="polite">
        {status}
      </Text>
      <Combobox.Dropdown hidden={query.trim() === ''} className="search-dropdown" data-testid="search-results">
        <Combobox.Options mah={360} style={{ overflowY: 'auto' }}>
          {snapshot.matches('shown') && places.length > 0 ? (
            <Combobox.Group label={t.find.placesGroup}>
              {places.map((place, index) => (
                <Combobox.Option
                  key={`${place.Kind}-${place.Name}-${place.Lat}`}
                  value={`${PLACE_OPTION}${index}`}
                  data-kind={place.Kind}
                >
                  <Text size="sm">
                    {place.Kind === 'province' ? `${t.find.province} ${placeName(place)}` : placeName(place)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t.find.nearestFrom(placeName(place))}
                  </Text>
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ) : null}
          {snapshot.matches('shown') && trades.length > 0 ? (
            <Combobox.Group label={t.find.tradesGroup}>
              {trades.map((trade) => (
                <Combobox.Option key={trade.Trade} value={`${TRADE_OPTION}${trade.Trade}`} data-kind="trade">
                  <Text size="sm">{valueName(trade.Trade)}</Text>
                  <Text size="xs" c="dimmed">
                    {trade.Types
                      ? t.find.tradeTaughtAcross(formatCount(trade.Count), formatCount(trade.Types.length))
                      : t.find.tradeTaught(formatCount(trade.Count))}
                  </Text>
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ) : null}
          {snapshot.matches('shown') && results.length > 0
            ? groupByType(results).map((group) => (
                <Combobox.Group key={group.route} label={group.title}>
                  {group.results.map((result) => (
                    <Combobox.Option key={result.Guid} value={result.Guid} data-route={result.Route}>
                      <Text size="sm">
                        <bdi>{result.Name}</bdi>
                      </Text>
                      <Text size="xs" c="dimmed">
                        {provinceNameOfFa(result.OstanName)}
                      </Text>
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              ))
            : null}
          {/* After the names: a location's name of several words is found as a name first. */}
          {mayBeQuestion(query) ? (
            <Combobox.Option value={ASK_OPTION} data-testid="search-ask" className="search-ask-option">
              <Text size="sm" fw={600}>
                {t.ask.option(query.trim())}
              </Text>
              <Text size="xs" c="dimmed">
                {t.ask.optionHint}
              </Text>
            </Combobox.Option>
          ) : null}
          {canShowMore ? (
            <Combobox.Option value={MORE_OPTION} data-testid="search-more">
              <Text size="sm" c="teal.9">
                {t.find.more}
              </Text>
            </Combobox.Option>
          ) : null}
          {status && !(snapshot.matches('shown') && found > 0) && !mayBeQuestion(query) ? (
            <Combobox.Empty>{status}</Combobox.Empty>
          ) : null}
        </Combobox.Options>
        {snapshot.matches('shown') && results.length > 0 ? (
          <Combobox.Footer>
            <Text size="xs" c="dimmed" data-testid="search-count">
              {status}
            </Text>
          </Combobox.Footer>
        ) : null}
      </Combobox.Dropdown>
    </Combobox>
  );
}

export function SearchBox() {
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  const [open, setOpen] = useState(false);
  if (!phone) {
    return (
      <div className="toolbar-search">
        <SearchField autoFocus={false} />
      </div>
    );
  }
  return (
    <>
      <ActionIcon
        variant="transparent"
        color="white"
        size="lg"
        className="toolbar-search-button"
        aria-label={open ? t.find.close : t.find.open}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="search-open"
      >
        <IconSearch size={20} />
      </ActionIcon>
      {open ? (
        <div className="search-bar-phone">
          <SearchField autoFocus onDone={() => setOpen(false)} />
          <CloseButton aria-label={t.find.close} onClick={() => setOpen(false)} />
        </div>
      ) : null}
    </>
  );
}

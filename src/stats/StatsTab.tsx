/**
 * The statistics tab: the total, the measure and province choices, the cards of the registry (statsCards.tsx) each
 * given the tab's view, and the list dialog.
 */
import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { useMachineView } from '../ui/useMachineView';
import { IconList, IconMapPin } from '@tabler/icons-react';
import type { LocatedPlace } from '../../machines/orgList';
import { useFocusMap, type MapFocus } from '../map';
import { isFiltered } from '../../domain/filters';
import { FilterSummary } from '../filters';
import { ChoiceChips } from '../ui/ChoiceChips';
import { foldedFilter } from '../ui/foldedFilter';
import { useFilters } from '../url/filters';
import { asMeasure, setMeasure, useMeasure } from '../url/measure';
import { ratePer100k } from '../../domain/population';
import { formatRate, MEASURE_CHOICES, perCapitaOf } from './measure';
import { replaceParams } from '../url/history';
import { keepStepEntry } from '../url/backStep';
import { totalCount } from '../../machines/statistics';
import { ALL_PROVINCES } from '../../domain/gateway';
import type { LocationType } from '../../domain/locationTypes';
import { t } from '../i18n/words';
import { LANGUAGE } from '../i18n/language';
import { provinceName, typeTitle } from '../i18n/names';
import { formatCount, updatedOn } from '../i18n/format';
import { failureText } from '../i18n/failureText';
import { useInspect } from '../inspect/inspector';
import { exportCaption, withMore } from './exportCaption';
import { OrgListDialog } from './OrgListDialog';
import { liveStatisticsMachine } from './liveMachines';
import { fitChartsToPageWhilePrinting } from './printFit';
import { cardRows } from './cardLayout';
import { STATS_CARDS, type StatsCardEntry } from './statsCards';
import type { StatsView } from './statsView';
import { LoadingBar, FailureAlert } from '../ui/Feedback';
import { ServerFigures } from '../ui/ServerFigures';
import { dropServerFigures } from '../ui/serverPicture';
import { statisticsDrawn } from '../ui/firstScreen';

/** The province dropdown's panel is at most 275 px high, its padding and border included. */
const DROPDOWN_MAX_HEIGHT = 275;
const DROPDOWN_CHROME_PX = 10;

function StatsCard({ entry, view }: { entry: StatsCardEntry; view: StatsView }) {
  const { Card } = entry;
  return <Card view={view} />;
}

export function StatsTab({ type }: { type: LocationType }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => fitChartsToPageWhilePrinting(() => root.current), []);
  const focusMap = useFocusMap();
  const filters = useFilters();
  const measure = useMeasure();
  const perCapita = perCapitaOf(measure);
  const actor = useActorRef(liveStatisticsMachine, { input: { typeId: type.typeId, filters }, inspect: useInspect() });
  useEffect(() => actor.send({ type: 'FILTERS_CHANGED', filters }), [actor, filters]);
  const snapshot = useMachineView(actor);
  const loading = snapshot.matches('loading');
  // Its own figures are up: the server page's, shown meanwhile, are not shown again (another type, a reload).
  useEffect(() => {
    if (!loading) dropServerFigures();
  }, [loading]);
  const { rows, provinces, selected, listOstan, error } = snapshot.context;
  const provinceLabel = (value: string) =>
    value === ALL_PROVINCES
      ? t.stats.all
      : provinceName(value, provinces.find((p) => p.value === value)?.label ?? value);
  /** What is typed in the province box while its list is open (null closed: the box shows the chosen one). */
  const [typed, setTyped] = useState<string | null>(null);
  /** To the map tab, then the map acts on the request once it is shown. */
  const showOnMap = (focus: MapFocus) => {
    replaceParams({ tab: null });
    focusMap(focus);
  };
  const openLocated = useCallback(
    (place: LocatedPlace) => {
      // The map with the location replaces the list in the history: Back from its detail returns to the map.
      keepStepEntry();
      actor.send({ type: 'CLOSE_LIST' });
      replaceParams({ tab: null });
      focusMap({
        kind: 'location',
        guid: place.guid,
        latitude: place.lat,
        longitude: place.lon,
        minZoom: type.minZoom,
      });
    },
    [actor, type.minZoom, focusMap],
  );
  const stateName = JSON.stringify(snapshot.value);
  const shown = snapshot.matches('ready');
  useEffect(() => {
    if (shown) statisticsDrawn();
  }, [shown]);
  // What an exported chart says about itself: the type, the filters and measure, the dates, the sources.
  const plainCaption = exportCaption(type, snapshot.context.filters, snapshot.context.updatedAt);
  const view: StatsView = {
    type,
    filters: snapshot.context.filters,
    measure,
    caption: perCapita
      ? withMore(plainCaption, { lines: [perCapita.words.short], sources: [t.perCapita.source] })
      : plainCaption,
    plainCaption,
    statistics: actor,
    snapshot,
    provinceLabel,
    // Files of per-capita or filtered figures say so in their names, so they are not taken for the whole.
    fileSuffix: `${perCapita?.fileSuffix ?? ''}${isFiltered(snapshot.context.filters) ? '-filtered' : ''}`,
  };

  return (
    <Stack p="md" gap="md" className="stats" data-testid="stats" data-state={stateName} ref={root}>
      <LoadingBar active={snapshot.matches('loading')} />
      {snapshot.matches('failed') ? (
        <FailureAlert
          title={t.stats.failed}
          message={failureText(error)}
          onRetry={() => actor.send({ type: 'RETRY' })}
          testId="stats-error"
        />
      ) : null}
      {snapshot.matches('ready') ? (
        <>
          <Group justify="space-between" align="end" wrap="wrap">
            <div>
              <Text size="lg" data-testid="stats-total">
                {t.stats.total}: <b>{formatCount(totalCount(rows))}</b>
                {perCapita ? (
                  <> — {perCapita.words.total(formatRate(ratePer100k(totalCount(rows), perCapita.peopleOf(null))))}</>
                ) : null}
              </Text>
              <FilterSummary filters={snapshot.context.filters} />
              {updatedOn(snapshot.context.updatedAt) ? (
                <Text size="sm" c="dimmed" data-testid="stats-updated">
                  {updatedOn(snapshot.context.updatedAt)}
                </Text>
              ) : null}
            </div>
            <Group align="end" gap="xs">
              <ChoiceChips
                label={t.perCapita.switchLabel}
                value={measure}
                onChange={(value) => setMeasure(asMeasure(value))}
                options={MEASURE_CHOICES}
                testId="measure-switch"
              />
              <Select
                label={t.stats.province}
                // "All" first, then the provinces in the reader's alphabetical order (not the ISO codes').
                data={[
                  { value: ALL_PROVINCES, label: t.stats.all },
                  ...provinces
                    .map((p) => ({ value: p.value, label: provinceName(p.value, p.label) }))
                    .sort((a, b) => a.label.localeCompare(b.label, LANGUAGE)),
                ]}
                value={selected}
                onChange={(value) => value && actor.send({ type: 'SELECT_PROVINCE', ostan: value })}
                // Opened, the box is emptied for typing: a name typed is looked up alone, not after "All"'s label.
                searchValue={typed ?? provinceLabel(selected)}
                onSearchChange={(text) => setTyped((open) => (open === null ? null : text))}
                onDropdownOpen={() => setTyped('')}
                onDropdownClose={() => setTyped(null)}
                // The options list itself scrolls (at most 275 px with the panel's padding) and can be focused,
                // so the keyboard can scroll it too.
                withScrollArea={false}
                styles={{ options: { maxHeight: DROPDOWN_MAX_HEIGHT - DROPDOWN_CHROME_PX, overflowY: 'auto' } }}
                attributes={{ options: { tabIndex: 0 } }}
                allowDeselect={false}
                searchable
                filter={foldedFilter}
                w={220}
                data-testid="province-select"
              />
              <Button
                variant="light"
                leftSection={<IconList size={16} />}
                onClick={() => actor.send({ type: 'OPEN_LIST' })}
              >
                {t.stats.showList}
              </Button>
              {selected !== ALL_PROVINCES ? (
                <Button
                  variant="light"
                  leftSection={<IconMapPin size={16} />}
                  onClick={() => showOnMap({ kind: 'province', enName: selected })}
                  data-testid="province-on-map"
                >
                  {t.stats.showOnMap}
                </Button>
              ) : null}
            </Group>
          </Group>
          {cardRows(STATS_CARDS).map((row) =>
            row.length === 1 && row[0]!.width === 'full' ? (
              <StatsCard key={row[0]!.id} entry={row[0]!} view={view} />
            ) : (
              <SimpleGrid key={row.map((card) => card.id).join()} cols={{ base: 1, md: 2 }} spacing="md">
                {row.map((card) => (
                  <StatsCard key={card.id} entry={card} view={view} />
                ))}
              </SimpleGrid>
            ),
          )}
        </>
      ) : null}
      {listOstan !== null ? (
        <OrgListDialog
          key={listOstan}
          typeId={type.typeId}
          filters={snapshot.context.filters}
          ostan={listOstan}
          title={t.stats.listTitle(typeTitle(type), provinceLabel(listOstan))}
          onClose={() => actor.send({ type: 'CLOSE_LIST' })}
          onLocated={openLocated}
        />
      ) : null}
      {loading ? <ServerFigures /> : null}
    </Stack>
  );
}

/** The statistics tab: total, province dropdown, column, map and pie charts, and the list dialog. */
import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { IconList, IconMapPin } from '@tabler/icons-react';
import type { LocatedPlace } from '../../machines/orgList';
import { useFocusMap, type MapFocus } from '../map';
import { isFiltered } from '../../domain/filters';
import { FilterSummary, filterSummary } from '../filters';
import { ChoiceChips } from '../ui/ChoiceChips';
import { foldedFilter } from '../ui/foldedFilter';
import { useFilters } from '../url/filters';
import { setMeasure, useMeasure } from '../url/measure';
import { CENSUS_TOTAL, ratePer100k } from '../../domain/population';
import { provinceSummary, pieSummary } from './chartSummary';
import { formatRate, populationOfProvince, valueOf, type Measure } from './measure';
import { replaceParams } from '../url/history';
import { keepStepEntry } from '../url/backStep';
import { totalCount } from '../../machines/statistics';
import { ALL_PROVINCES, type ChartRow } from '../../domain/gateway';
import type { LocationType } from '../../domain/locationTypes';
import { t } from '../i18n/words';
import { LANGUAGE } from '../i18n/language';
import { provinceName, typeTitle } from '../i18n/names';
import { formatCount, formatShare, updatedOn } from '../i18n/format';
import { failureText } from '../i18n/failureText';
import { useInspect } from '../inspect/inspector';
import { ChartCard } from './ChartCard';
import { exportCaption, withMore } from './exportCaption';
import { AreaCard } from './AreaCard';
import { CompareCard } from './CompareCard';
import { CoverageCard } from './CoverageCard';
import type { TableData } from './DataTable';
import { ColumnChart } from './ColumnChart';
import { fileShare, toCsv } from './csv';
import { GenderPieChart } from './GenderPieChart';
import { OrgListDialog } from './OrgListDialog';
import { liveStatisticsMachine } from './liveMachines';
import { fitChartsToPageWhilePrinting } from './printFit';
import { ProvinceMapChart, provinceValuesOf } from './ProvinceMapChart';
import { BusyIndicator, LoadingBar, FailureAlert } from '../ui/Feedback';

/** The provinces' figures as a file: the count always; per capita, also the population and the rate (ASCII digits). */
const provinceCsv = (rows: ChartRow[], measure: Measure) =>
  measure === 'rate'
    ? toCsv(
        [
          t.stats.provinceFaColumn,
          t.stats.provinceEnColumn,
          t.stats.count,
          t.perCapita.population,
          t.perCapita.rateLabel,
        ],
        rows.map((r) => [
          r.OstanName,
          r.LocationEnName,
          r.Count,
          populationOfProvince(r.LocationEnName),
          valueOf(r, 'rate').toFixed(4),
        ]),
      )
    : toCsv(
        [t.stats.provinceFaColumn, t.stats.provinceEnColumn, t.stats.count],
        rows.map((r) => [r.OstanName, r.LocationEnName, r.Count]),
      );

/** The province dropdown's panel is at most 275 px high, its padding and border included. */
const DROPDOWN_MAX_HEIGHT = 275;
const DROPDOWN_CHROME_PX = 10;

export function StatsTab({ type }: { type: LocationType }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => fitChartsToPageWhilePrinting(() => root.current), []);
  const focusMap = useFocusMap();
  const filters = useFilters();
  const measure = useMeasure();
  const actor = useActorRef(liveStatisticsMachine, { input: { typeId: type.typeId, filters }, inspect: useInspect() });
  useEffect(() => actor.send({ type: 'FILTERS_CHANGED', filters }), [actor, filters]);
  const snapshot = useSelector(actor, (s) => s);
  const { rows, provinces, selected, pie, listOstan, error, pieError } = snapshot.context;
  const selectedOption = provinces.find((p) => p.value === selected);
  const provinceLabel = (value: string) =>
    value === ALL_PROVINCES
      ? t.stats.all
      : provinceName(value, provinces.find((p) => p.value === value)?.label ?? value);
  const pieTotal = pie.reduce((s, p) => s + p.Count, 0);
  // The pie's province (or Iran) population: its shares per 100,000 of the people there.
  const pieDenominator = populationOfProvince(selected === ALL_PROVINCES ? null : selected);
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
  // Files of filtered figures say so in their names, so they are not taken for the whole.
  const filteredSuffix = isFiltered(snapshot.context.filters) ? '-filtered' : '';
  const measureSuffix = measure === 'rate' ? '-per-100k' : '';
  const provinceTable: TableData = {
    caption: [
      `${t.stats.columnTitle} — ${typeTitle(type)}`,
      measure === 'rate' ? t.perCapita.rateLabel : null,
      filterSummary(snapshot.context.filters),
    ]
      .filter(Boolean)
      .join(t.listSeparator),
    headers:
      measure === 'rate'
        ? [t.stats.province, t.stats.count, t.perCapita.population, t.perCapita.rateLabel]
        : [t.stats.province, t.stats.count],
    rows: [...rows]
      .sort((a, b) => valueOf(b, measure) - valueOf(a, measure))
      .map((r) => ({
        key: r.LocationEnName,
        cells:
          measure === 'rate'
            ? [
                provinceName(r.LocationEnName, r.OstanName),
                formatCount(r.Count),
                formatCount(populationOfProvince(r.LocationEnName)),
                formatRate(valueOf(r, 'rate')),
              ]
            : [provinceName(r.LocationEnName, r.OstanName), formatCount(r.Count)],
        onOpen: () => actor.send({ type: 'REGION_CLICKED', enName: r.LocationEnName }),
      })),
  };
  const pieTable: TableData = {
    caption: [`${t.stats.pieTitle} (${provinceLabel(selected)})`, filterSummary(snapshot.context.filters)]
      .filter(Boolean)
      .join(t.listSeparator),
    headers:
      measure === 'rate'
        ? [t.stats.pieTitle, t.stats.count, t.percentSign, t.perCapita.rateLabel]
        : [t.stats.pieTitle, t.stats.count, t.percentSign],
    rows: pie.map((p) => ({
      key: p.Name,
      cells: [
        p.Name,
        formatCount(p.Count),
        formatShare(p.Count, pieTotal),
        ...(measure === 'rate' ? [formatRate(ratePer100k(p.Count, pieDenominator))] : []),
      ],
    })),
  };

  // What an exported chart says about itself: the type, the filters and measure, the dates, the sources.
  const plainCaption = exportCaption(type, snapshot.context.filters, snapshot.context.updatedAt);
  const caption =
    measure === 'rate'
      ? withMore(plainCaption, { lines: [t.perCapita.rate], sources: [t.perCapita.source] })
      : plainCaption;

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
                {measure === 'rate' ? (
                  <> — {t.perCapita.totalRate(formatRate(ratePer100k(totalCount(rows), CENSUS_TOTAL)))}</>
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
                onChange={(value) => setMeasure(value === 'rate' ? 'rate' : 'count')}
                options={[
                  { value: 'count', label: t.perCapita.count },
                  { value: 'rate', label: t.perCapita.rate },
                ]}
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
          <ChartCard
            title={t.stats.columnTitle}
            caption={caption}
            fileName={`column-${type.route}${measureSuffix}${filteredSuffix}`}
            testId="column-card"
            csv={() => provinceCsv(rows, measure)}
            table={provinceTable}
            summary={provinceSummary(rows, measure)}
          >
            <ColumnChart
              rows={rows}
              measure={measure}
              selectedFa={selectedOption?.label ?? null}
              onColumnClick={(faName) => actor.send({ type: 'COLUMN_CLICKED', faName })}
            />
          </ChartCard>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ChartCard
              title={t.stats.mapTitle}
              caption={caption}
              fileName={`map-${type.route}${measureSuffix}${filteredSuffix}`}
              testId="map-card"
              csv={() => provinceCsv(rows, measure)}
              table={provinceTable}
              summary={provinceSummary(rows, measure)}
            >
              <ProvinceMapChart
                shown={provinceValuesOf(rows, measure)}
                selectedEn={selectedOption?.value ?? null}
                onRegionClick={(enName) => actor.send({ type: 'REGION_CLICKED', enName })}
              />
            </ChartCard>
            <ChartCard
              title={`${t.stats.pieTitle} (${provinceLabel(selected)})`}
              caption={caption}
              fileName={`pie-${type.route}-${selected}${measureSuffix}${filteredSuffix}`}
              testId="pie-card"
              csv={() =>
                measure === 'rate'
                  ? toCsv(
                      [t.stats.pieTitle, t.stats.count, '%', t.perCapita.population, t.perCapita.rateLabel],
                      pie.map((p) => [
                        p.Name,
                        p.Count,
                        fileShare(p.Count, pieTotal),
                        pieDenominator,
                        ratePer100k(p.Count, pieDenominator).toFixed(2),
                      ]),
                    )
                  : toCsv(
                      [t.stats.pieTitle, t.stats.count, '%'],
                      pie.map((p) => [p.Name, p.Count, fileShare(p.Count, pieTotal)]),
                    )
              }
              table={snapshot.matches({ ready: { pie: 'shown' } }) ? pieTable : null}
              summary={
                snapshot.matches({ ready: { pie: 'shown' } })
                  ? pieSummary(pie, measure === 'rate' ? pieDenominator : null)
                  : null
              }
            >
              {snapshot.matches({ ready: { pie: 'loading' } }) ? <BusyIndicator height={320} /> : null}
              {snapshot.matches({ ready: { pie: 'failed' } }) ? (
                <FailureAlert
                  title={t.stats.pieFailed}
                  message={failureText(pieError)}
                  onRetry={() => actor.send({ type: 'RETRY_PIE' })}
                />
              ) : null}
              {snapshot.matches({ ready: { pie: 'shown' } }) ? (
                <GenderPieChart
                  points={pie}
                  perCapitaOf={
                    measure === 'rate' ? { population: pieDenominator, place: provinceLabel(selected) } : null
                  }
                />
              ) : null}
            </ChartCard>
          </SimpleGrid>
          <CoverageCard type={type} filters={snapshot.context.filters} caption={plainCaption} />
          <CompareCard filters={snapshot.context.filters} />
          <AreaCard type={type} filters={snapshot.context.filters} />
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
      {snapshot.matches('loading') ? <BusyIndicator /> : null}
    </Stack>
  );
}

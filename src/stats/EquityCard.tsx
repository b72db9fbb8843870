/**
 * Where training is scarce for the people who need it: for the type and the filters in force, each province's
 * (or county's) locations per 100,000 people aged 15-29 against its need (unemployment, youth share and share
 * far at a chosen distance: domain/equity.ts), as a quadrant chart of the 31 provinces or a ranked table of the
 * 429 counties, with the sentence naming those most in need and the way to see the counties on the map.
 */
import { Button, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useCallback } from 'react';
import { COVERAGE_KM } from '../../domain/coverage';
import { EQUITY_LEVELS, type EquityLevel, type EquityRow } from '../../domain/equity';
import type { Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import { DEFAULT_COVERAGE_KM } from '../../machines/coverage';
import { failureText } from '../i18n/failureText';
import { formatCount } from '../i18n/format';
import { typeTitle } from '../i18n/names';
import { t } from '../i18n/words';
import { liveEquityMachine } from '../map';
import { ChoiceChips } from '../ui/ChoiceChips';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { useQuery } from '../ui/useQuery';
import { showLayerOnMap } from '../url/kmLayer';
import { ChartCard } from './ChartCard';
import { DataTable } from './DataTable';
import { withMore } from './exportCaption';
import type { ExportCaption } from './exportChart';
import { equityCsv, equitySentence, equityTable } from './equityFigures';
import { QuadrantChart } from './QuadrantChart';

export function EquityCard({
  type,
  filters,
  caption,
  onProvince,
}: {
  type: LocationType;
  filters: Filters;
  /** The statistics' caption for exported pictures; the distance and the census are added to it. */
  caption: ExportCaption;
  /** A province chosen on the chart or in the table: the tab shows it, as a click on the map chart does. */
  onProvince(enName: string): void;
}) {
  const equity = useQuery(
    liveEquityMachine,
    { typeId: type.typeId, level: 'province' as EquityLevel, km: DEFAULT_COVERAGE_KM, filters },
    { typeId: type.typeId, filters },
  );
  const { shown: rows, error, status } = equity;
  const { km, level } = equity.scope;
  const title = typeTitle(type);
  const openRow = useCallback((row: EquityRow) => onProvince(row.Province), [onProvince]);
  const ready = status === 'shown' && rows !== null && rows !== undefined;
  const tableCaption = `${t.equity.heading} — ${title} — ${t.equity.levels[level]}`;
  return (
    <ChartCard
      title={t.equity.heading}
      caption={withMore(caption, {
        lines: [`${t.equity.levels[level]} — ${t.coverage.km(formatCount(km))}`],
        sources: [t.equity.method(formatCount(km))],
      })}
      fileName={`need-${type.route}-${level}-${km}km`}
      testId="equity-card"
      csv={() => (rows ? equityCsv(rows, level, km) : '')}
      // The provinces' table is the chart's alternative; the counties' is the card itself, below.
      table={ready && level === 'province' ? equityTable(rows, level, km, tableCaption, openRow) : null}
      summary={ready ? equitySentence(rows, level, title) : null}
    >
      <Stack gap="xs">
        <ChoiceChips
          label={t.equity.level}
          value={level}
          onChange={(value) => equity.change({ level: EQUITY_LEVELS.find((l) => l === value) ?? 'province' })}
          options={EQUITY_LEVELS.map((l) => ({ value: l, label: t.equity.levels[l] }))}
          testId="equity-level"
        />
        <ChoiceChips
          label={t.coverage.distance}
          value={String(km)}
          onChange={(value) => equity.change({ km: Number(value) })}
          options={COVERAGE_KM.map((k) => ({ value: String(k), label: t.coverage.km(formatCount(k)) }))}
          testId="equity-km"
        />
        {status === 'failed' ? (
          <FailureAlert title={t.equity.failed} message={failureText(error) ?? ''} onRetry={equity.retry} />
        ) : null}
        {status === 'loading' ? <BusyIndicator height={300} /> : null}
        {ready && level === 'province' ? (
          <QuadrantChart rows={rows} title={t.equity.chart(title)} onOpen={openRow} />
        ) : null}
        {ready && level === 'county' ? (
          <>
            <div
              className="equity-counties"
              data-testid="equity-counties"
              tabIndex={0}
              role="group"
              aria-label={tableCaption}
            >
              <DataTable data={equityTable(rows, level, km, tableCaption, null)} />
            </div>
            <Text size="xs" c="dimmed">
              {t.equity.countyNote} {t.equity.unseated(formatCount(rows.filter((r) => !r.Seated).length))}
            </Text>
          </>
        ) : null}
        {ready ? (
          <>
            <Text size="xs" c="dimmed" data-testid="equity-method">
              {t.equity.method(formatCount(km))}
            </Text>
            <Button
              variant="light"
              leftSection={<IconMapPin size={16} />}
              onClick={() => showLayerOnMap('need', km)}
              className="no-print"
              data-testid="equity-on-map"
            >
              {t.equity.showOnMap}
            </Button>
          </>
        ) : null}
      </Stack>
    </ChartCard>
  );
}

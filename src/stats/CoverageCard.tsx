/**
 * Who lives far from this type's locations: for a chosen distance, the people (every resident of the 2016
 * census, placed by one rule: server/census/placement.ts) farther than it from the nearest location, in the
 * country and per province, also of those aged 15-29 and of women, the provinces coloured by the share of their
 * people so far, and the largest places left out.
 */
import { Button, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { COVERAGE_KM, type CoverageAnswer } from '../../domain/coverage';
import { DEFAULT_COVERAGE_KM } from '../../machines/coverage';
import type { Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import { t } from '../i18n/words';
import { provinceName, settlementName, typeTitle } from '../i18n/names';
import { formatCount, formatShare } from '../i18n/format';
import { failureText } from '../i18n/failureText';
import type { ExportCaption } from './exportChart';
import { withMore } from './exportCaption';
import { ChoiceChips } from '../ui/ChoiceChips';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { useQuery } from '../ui/useQuery';
import { ChartCard } from './ChartCard';
import { toCsv } from '../ui/csv';
import type { TableData } from './DataTable';
import { liveCoverageMachine } from '../map';
import { showLayerOnMap } from '../url/kmLayer';
import { ProvinceMapChart, type ProvinceValues } from './ProvinceMapChart';

const share = (far: number, total: number) => (total > 0 ? far / total : 0);
const faNameOf = new Map(PROVINCES.map((p) => [p.name_en, p.name_fa]));
/** The largest places left out, named under the map. */
const FAR_NAMED = 8;

function shownOf(answer: CoverageAnswer): ProvinceValues {
  return {
    values: new Map(answer.Provinces.map((p) => [p.EnName, share(p.PopulationFar, p.PopulationTotal)])),
    format: (value) => formatShare(value, 1),
    whole: false,
    label: t.coverage.shareLabel,
    noneLabel: t.coverage.nobodyFar,
    higherIsWorse: true,
  };
}

function tableOf(answer: CoverageAnswer, typeTitle: string): TableData {
  return {
    caption: t.coverage.title(typeTitle, formatCount(answer.Km)),
    headers: [t.stats.province, t.coverage.people, t.coverage.far, t.coverage.share],
    rows: [...answer.Provinces]
      .sort((a, b) => share(b.PopulationFar, b.PopulationTotal) - share(a.PopulationFar, a.PopulationTotal))
      .map((p) => ({
        key: p.EnName,
        cells: [
          provinceName(p.EnName, faNameOf.get(p.EnName) ?? p.EnName),
          formatCount(p.PopulationTotal),
          formatCount(p.PopulationFar),
          formatShare(p.PopulationFar, p.PopulationTotal),
        ],
      })),
  };
}

const csvOf = (answer: CoverageAnswer) =>
  toCsv(
    [t.stats.province, 'Province', t.coverage.people, t.coverage.far],
    answer.Provinces.map((p) => [faNameOf.get(p.EnName) ?? p.EnName, p.EnName, p.PopulationTotal, p.PopulationFar]),
  );

export function CoverageCard({
  type,
  filters,
  caption,
}: {
  type: LocationType;
  filters: Filters;
  /** The statistics' caption for exported pictures; the distance and the denominator are added to it. */
  caption: ExportCaption;
}) {
  const coverage = useQuery(
    liveCoverageMachine,
    { typeId: type.typeId, km: DEFAULT_COVERAGE_KM, filters },
    { typeId: type.typeId, filters },
  );
  const { shown: answer, error } = coverage;
  const { km } = coverage.scope;
  return (
    <ChartCard
      title={t.coverage.heading}
      caption={withMore(caption, { lines: [t.coverage.km(formatCount(km))], sources: [t.coverage.denominator] })}
      fileName={`coverage-${type.route}-${km}km`}
      testId="coverage-card"
      csv={() => (answer ? csvOf(answer) : '')}
      table={coverage.status === 'shown' && answer ? tableOf(answer, typeTitle(type)) : null}
      summary={
        coverage.status === 'shown' && answer
          ? t.coverage.sentence(
              formatCount(answer.PopulationFar),
              formatShare(answer.PopulationFar, answer.PopulationTotal),
              formatCount(answer.PopulationTotal),
              formatCount(answer.Km),
              typeTitle(type),
            )
          : null
      }
    >
      <Stack gap="xs">
        <ChoiceChips
          label={t.coverage.distance}
          value={String(km)}
          onChange={(value) => coverage.change({ km: Number(value) })}
          options={COVERAGE_KM.map((k) => ({ value: String(k), label: t.coverage.km(formatCount(k)) }))}
          testId="coverage-km"
        />
        {coverage.status === 'failed' ? (
          <FailureAlert title={t.coverage.failed} message={failureText(error) ?? ''} onRetry={coverage.retry} />
        ) : null}
        {coverage.status === 'loading' ? <BusyIndicator height={200} /> : null}
        {coverage.status === 'shown' && answer ? (
          <>
            <Text size="sm" data-testid="coverage-for-whom">
              {t.coverage.forWhom(
                formatShare(answer.YouthFar, answer.YouthTotal),
                formatShare(answer.WomenFar, answer.WomenTotal),
              )}
            </Text>
            <div className="coverage-map">
              <ProvinceMapChart
                shown={shownOf(answer)}
                selectedEn={null}
                onRegionClick={() => undefined}
                testId="coverage-map"
              />
            </div>
            {answer.Settlements.length > 0 ? (
              <Text size="sm" data-testid="coverage-far-places">
                {t.coverage.farPlaces(
                  answer.Settlements.slice(0, FAR_NAMED)
                    .map((s) =>
                      t.coverage.farPlace(
                        settlementName(s),
                        formatCount(s.Population),
                        s.NearestKm === null ? null : formatCount(Math.round(s.NearestKm)),
                      ),
                    )
                    .join(t.listSeparator),
                )}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {t.coverage.denominator}
            </Text>
            <Button
              variant="light"
              leftSection={<IconMapPin size={16} />}
              onClick={() => showLayerOnMap('cover', km)}
              className="no-print"
              data-testid="coverage-on-map"
            >
              {t.coverage.showOnMap}
            </Button>
          </>
        ) : null}
      </Stack>
    </ChartCard>
  );
}

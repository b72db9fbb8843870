/**
 * Where the next sites of this type would reach the most people still far (domain/plan.ts): for everyone, those
 * aged 15-29 or women, at a distance, in all of Iran or one province, the greedy choice of the next sites with
 * what each adds, a sentence and where the figures come from (the 2016 census, placed by one rule).
 */
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconListCheck, IconMapPin } from '@tabler/icons-react';
import { COVERAGE_KM } from '../../domain/coverage';
import type { Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import { FAR_OF, GAIN_OF, PLAN_OBJECTIVES, type PlanObjective, type SuggestAnswer } from '../../domain/plan';
import { PROVINCES, provinceByEnName } from '../../domain/provinces';
import { DEFAULT_SUGGESTION, SUGGESTION_COUNTS } from '../../machines/suggestion';
import { t } from '../i18n/words';
import { placeName, provinceName, typeTitle } from '../i18n/names';
import { formatCount } from '../i18n/format';
import { failureText } from '../i18n/failureText';
import { LANGUAGE } from '../i18n/language';
import type { ExportCaption } from './exportChart';
import { withMore } from './exportCaption';
import { ChoiceChips } from '../ui/ChoiceChips';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { useQuery } from '../ui/useQuery';
import { toCsv } from '../ui/csv';
import { ChartCard } from './ChartCard';
import { DataTable, type TableData } from './DataTable';
import { liveSuggestionMachine } from '../map';
import { showSuggestionsOnMap } from '../url/suggestionLayer';
import { changePlan, withSite } from '../url/whatIfPlan';

const WHOLE_COUNTRY = 'all';

/** A site's name in the page's language, as the place search names a town. */
const siteName = (site: SuggestAnswer['Sites'][number]) => placeName({ Name: site.Name, NameEn: site.EnName });

function tableOf(answer: SuggestAnswer, type: LocationType): TableData {
  const objective = answer.For;
  return {
    caption: t.plan.title(formatCount(answer.Sites.length), typeTitle(type), formatCount(answer.Km)),
    headers: [t.plan.rank, t.plan.site, t.stats.province, t.plan.gain(t.plan.whom[objective], formatCount(answer.Km))],
    rows: answer.Sites.map((site, i) => ({
      key: `${site.Lon},${site.Lat}`,
      cells: [
        formatCount(i + 1),
        siteName(site),
        provinceName(site.Province, provinceByEnName(site.Province)?.name_fa ?? site.Province),
        formatCount(site.Gain[GAIN_OF[objective]]),
      ],
    })),
  };
}

const csvOf = (answer: SuggestAnswer) =>
  toCsv(
    ['Order', 'Name', 'EnName', 'Province', 'Lon', 'Lat', 'Population', 'Youth', 'Women'],
    answer.Sites.map((s, i) => [
      i + 1,
      s.Name,
      s.EnName,
      s.Province,
      s.Lon,
      s.Lat,
      s.Gain.Population,
      s.Gain.Youth,
      s.Gain.Women,
    ]),
  );

function sentenceOf(answer: SuggestAnswer, type: LocationType): string {
  const whom = t.plan.whom[answer.For];
  const km = formatCount(answer.Km);
  if (answer.Sites.length === 0) return t.plan.none(whom, km);
  const gain = answer.Sites.reduce((sum, site) => sum + site.Gain[GAIN_OF[answer.For]], 0);
  return t.plan.sentence(
    formatCount(answer.Sites.length),
    typeTitle(type),
    answer.Sites.map(siteName).join(t.listSeparator),
    formatCount(gain),
    whom,
    km,
    formatCount(answer.Before[FAR_OF[answer.For]]),
    formatCount(answer.After[FAR_OF[answer.For]]),
  );
}

export function SuggestCard({
  type,
  filters,
  caption,
}: {
  type: LocationType;
  filters: Filters;
  /** The statistics' caption for exported pictures; the distance and where the people come from are added. */
  caption: ExportCaption;
}) {
  const suggestion = useQuery(
    liveSuggestionMachine,
    { typeId: type.typeId, ...DEFAULT_SUGGESTION, province: null, filters },
    { typeId: type.typeId, filters },
  );
  const { shown: answer, error, scope } = suggestion;
  const sentence = suggestion.status === 'shown' && answer ? sentenceOf(answer, type) : null;
  return (
    <ChartCard
      title={t.plan.heading}
      caption={withMore(caption, {
        lines: [t.coverage.km(formatCount(scope.km))],
        sources: [t.coverage.denominator, t.plan.method],
      })}
      fileName={`suggested-sites-${type.route}-${scope.km}km`}
      testId="suggest-card"
      csv={() => (answer ? csvOf(answer) : '')}
      table={null}
      summary={sentence}
    >
      <Stack gap="xs">
        <ChoiceChips
          label={t.plan.forWhom}
          value={scope.objective}
          onChange={(value) => suggestion.change({ objective: value as PlanObjective })}
          options={PLAN_OBJECTIVES.map((objective) => ({ value: objective, label: t.plan.objectives[objective] }))}
          testId="suggest-for"
        />
        <ChoiceChips
          label={t.coverage.distance}
          value={String(scope.km)}
          onChange={(value) => suggestion.change({ km: Number(value) })}
          options={COVERAGE_KM.map((k) => ({ value: String(k), label: t.coverage.km(formatCount(k)) }))}
          testId="suggest-km"
        />
        <ChoiceChips
          label={t.plan.howMany}
          value={String(scope.n)}
          onChange={(value) => suggestion.change({ n: Number(value) })}
          options={SUGGESTION_COUNTS.map((n) => ({ value: String(n), label: formatCount(n) }))}
          testId="suggest-n"
        />
        <Select
          label={t.plan.where}
          value={scope.province ?? WHOLE_COUNTRY}
          onChange={(value) => value && suggestion.change({ province: value === WHOLE_COUNTRY ? null : value })}
          // The whole country first, then the provinces in the reader's alphabetical order, as the tab's own box.
          data={[
            { value: WHOLE_COUNTRY, label: t.plan.wholeCountry },
            ...PROVINCES.map((p) => ({ value: p.iso_3166_2, label: provinceName(p.name_en, p.name_fa) })).sort((a, b) =>
              a.label.localeCompare(b.label, LANGUAGE),
            ),
          ]}
          allowDeselect={false}
          searchable
          data-testid="suggest-province"
          maw={320}
        />
        {suggestion.status === 'failed' ? (
          <FailureAlert title={t.plan.failed} message={failureText(error) ?? ''} onRetry={suggestion.retry} />
        ) : null}
        {suggestion.status === 'loading' ? <BusyIndicator height={160} /> : null}
        {suggestion.status === 'shown' && answer ? (
          <>
            {answer.Sites.length > 0 ? (
              <div data-testid="suggest-table">
                <DataTable data={tableOf(answer, type)} />
              </div>
            ) : null}
            <Text size="xs" c="dimmed">
              {t.plan.method} {t.coverage.denominator}
            </Text>
            {answer.Sites.length > 0 ? (
              <Group gap="xs">
                <Button
                  variant="light"
                  leftSection={<IconMapPin size={16} />}
                  onClick={() =>
                    showSuggestionsOnMap(scope.km, { objective: scope.objective, n: scope.n, province: scope.province })
                  }
                  className="no-print"
                  data-testid="suggest-on-map"
                >
                  {t.plan.showOnMap}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconListCheck size={16} />}
                  onClick={() =>
                    // Into the what-if plan (a new one at this distance and for these people, or the one open):
                    // its card below then says what they change, county by county, and takes more changes.
                    changePlan((plan) =>
                      answer.Sites.reduce((p, site) => withSite(p, { lon: site.Lon, lat: site.Lat }), {
                        ...plan,
                        km: scope.km,
                        objective: scope.objective,
                      }),
                    )
                  }
                  className="no-print"
                  data-testid="suggest-to-plan"
                >
                  {t.plan.toPlan}
                </Button>
              </Group>
            ) : null}
          </>
        ) : null}
      </Stack>
    </ChartCard>
  );
}

/**
 * A what-if plan on the statistics tab: sites added (at a town here, by a click on the map, at a location of
 * another type from its details) and locations closed (from their details), kept in the address; the people far
 * before and after in the country and in each county the plan changes, how the counties' need ranks move, a
 * sentence, where the people come from, and the plan's files (CSV of every province and county, GeoJSON).
 */
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { ResponsiveBar } from '@nivo/bar';
import { IconMapPin, IconTrash, IconX } from '@tabler/icons-react';
import { COVERAGE_KM } from '../../domain/coverage';
import type { Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import { GAIN_OF, PLAN_OBJECTIVES, type PlanAnswer, type PlanObjective } from '../../domain/plan';
import { t } from '../i18n/words';
import { typeTitle } from '../i18n/names';
import { formatCount } from '../i18n/format';
import { failureText } from '../i18n/failureText';
import { ChoiceChips } from '../ui/ChoiceChips';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { useQuery, type useQueryState } from '../ui/useQuery';
import type { WhatIfScope } from '../../machines/whatIfPlan';
import { download } from '../ui/download';
import { useLessMotion } from '../ui/useLessMotion';
import { liveWhatIfPlanMachine, planCaptionLine, TownPicker } from '../map';
import { replaceParams } from '../url/history';
import {
  NEW_PLAN,
  usePlanInAddress,
  withoutClosure,
  withoutSite,
  withSite,
  writePlan,
  type WhatIfPlan,
} from '../url/whatIfPlan';
import { ChartCard } from './ChartCard';
import { BRAND, CHART_THEME, HIGHLIGHT } from './chartTheme';
import { DataTable } from './DataTable';
import type { ExportCaption } from './exportChart';
import { withMore } from './exportCaption';
import {
  countyTable,
  nationTable,
  planCsv,
  planGeoJson,
  planSentence,
  siteTown,
  sumGain,
  sumLost,
} from './whatIfFigures';

/**
 * What the plan moves, one pair of bars per count: those its sites bring within reach and those its closures
 * leave farther (the far totals themselves dwarf any one plan's change).
 */
function PlanChart({ answer }: { answer: PlanAnswer }) {
  const lessMotion = useLessMotion();
  const data = PLAN_OBJECTIVES.map((objective) => ({
    // Isolated: a Persian label with digits reads in its own direction inside the chart's LTR box.
    who: `\u2068${t.plan.objectives[objective]}\u2069`,
    [t.whatIf.brought]: sumGain(answer, objective),
    [t.whatIf.lost]: sumLost(answer, objective),
  }));
  return (
    <div style={{ height: 200 }} dir="ltr">
      <ResponsiveBar
        animate={!lessMotion}
        data={data}
        keys={[t.whatIf.brought, t.whatIf.lost]}
        indexBy="who"
        groupMode="grouped"
        layout="horizontal"
        margin={{ top: 8, right: 24, bottom: 44, left: 110 }}
        padding={0.3}
        colors={[BRAND, HIGHLIGHT]}
        axisBottom={{ tickSize: 4, tickValues: 4, format: (v: number) => formatCount(v) }}
        axisLeft={{ tickSize: 0, tickPadding: 6 }}
        enableLabel={false}
        theme={CHART_THEME}
        role="img"
        ariaLabel={t.whatIf.chartCaption(formatCount(answer.Km))}
        legends={[
          {
            dataFrom: 'keys',
            anchor: 'bottom-right',
            direction: 'row',
            translateY: 44,
            itemWidth: 150,
            itemHeight: 16,
            symbolSize: 12,
          },
        ]}
      />
    </div>
  );
}

/** What the plan changes, each with the way to undo it. */
function PlanChanges({ plan, answer }: { plan: WhatIfPlan; answer: PlanAnswer | null }) {
  const whom = t.plan.whom[plan.objective];
  return (
    <Stack gap={4}>
      {plan.add.length > 0 ? (
        <>
          <Text size="sm" fw={600}>
            {t.whatIf.sitesAdded}
          </Text>
          <ul className="plan-changes" data-testid="plan-sites">
            {plan.add.map((point, i) => {
              const site = answer?.Sites[i];
              const town = site ? siteTown(site) : `${formatCount(point.lat)}, ${formatCount(point.lon)}`;
              return (
                <li key={`${point.lon},${point.lat},${i}`}>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">
                      {t.whatIf.siteNear(town)}
                      {site ? ` · ${t.whatIf.siteGain(formatCount(site.Gain[GAIN_OF[plan.objective]]), whom)}` : ''}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t.whatIf.removeSite(town)}
                      onClick={() => writePlan(withoutSite(plan, i))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {plan.close.length > 0 ? (
        <>
          <Text size="sm" fw={600}>
            {t.whatIf.closedList}
          </Text>
          <ul className="plan-changes" data-testid="plan-closed">
            {plan.close.map((guid) => {
              // Named once the server has answered for it (the address holds only its Guid).
              const name = answer?.Closed.find((c) => c.Guid === guid)?.Name ?? t.loading;
              return (
                <li key={guid}>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" td="line-through">
                      {name}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t.whatIf.reopen(name)}
                      onClick={() => writePlan(withoutClosure(plan, guid))}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Group>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </Stack>
  );
}

type PlanQuery = ReturnType<typeof useQueryState<WhatIfScope, PlanAnswer>>;

function PlanFigures({ plan, type, figures }: { plan: WhatIfPlan; type: LocationType; figures: PlanQuery }) {
  const answer = figures.shown;
  return (
    <Stack gap="xs">
      <PlanChanges plan={plan} answer={figures.answer} />
      {figures.status === 'failed' ? (
        <FailureAlert title={t.whatIf.failed} message={failureText(figures.error) ?? ''} onRetry={figures.retry} />
      ) : null}
      {figures.status === 'loading' ? <BusyIndicator height={120} /> : null}
      {answer ? (
        <>
          <Text size="sm" data-testid="plan-sentence" role="status">
            {planSentence(answer, plan.objective, typeTitle(type))}
          </Text>
          <PlanChart answer={answer} />
          {/* Wider than a phone: each table scrolls in its own box, which the keyboard can reach and scroll. */}
          <div
            data-testid="plan-nation"
            className="compare-scroll"
            tabIndex={0}
            role="group"
            aria-label={t.whatIf.figuresCaption(formatCount(answer.Km))}
          >
            <DataTable data={nationTable(answer)} />
          </div>
          {answer.Sites.length + answer.Closed.length > 0 ? (
            <div
              data-testid="plan-counties"
              className="compare-scroll"
              tabIndex={0}
              role="group"
              aria-label={t.whatIf.countiesCaption}
            >
              <DataTable data={countyTable(answer, plan.objective)} />
            </div>
          ) : null}
          <Text size="xs" c="dimmed">
            {t.whatIf.resolution(formatCount(answer.Km))} {t.coverage.denominator}
          </Text>
          <Group gap="xs" className="no-print">
            <Button
              variant="default"
              size="compact-sm"
              onClick={() =>
                download(
                  new Blob([planGeoJson(answer, type.typeId)], { type: 'application/geo+json' }),
                  `plan-${type.route}-${answer.Km}km.geojson`,
                )
              }
              data-testid="plan-geojson"
            >
              {t.whatIf.geojson}
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

export function WhatIfCard({
  type,
  filters,
  caption,
}: {
  type: LocationType;
  filters: Filters;
  /** The statistics' caption for exported pictures; the plan's distance and where the people come from are added. */
  caption: ExportCaption;
}) {
  const plan = usePlanInAddress();
  const figures = useQuery(liveWhatIfPlanMachine, {
    open: plan !== null,
    typeId: type.typeId,
    filters,
    km: plan?.km ?? NEW_PLAN.km,
    add: plan?.add ?? [],
    close: plan?.close ?? [],
  });
  return (
    <ChartCard
      title={t.whatIf.heading}
      caption={withMore(caption, {
        lines: plan ? [planCaptionLine(plan)] : [],
        sources: [t.coverage.denominator],
      })}
      fileName={`plan-${type.route}-${plan?.km ?? NEW_PLAN.km}km`}
      testId="plan-card"
      csv={() => (figures.shown ? planCsv(figures.shown) : '')}
      table={null}
    >
      {plan === null ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t.whatIf.intro}</Text>
          <Button onClick={() => writePlan(NEW_PLAN)} data-testid="plan-start">
            {t.whatIf.start}
          </Button>
        </Stack>
      ) : (
        <Stack gap="xs">
          <ChoiceChips
            label={t.plan.forWhom}
            value={plan.objective}
            onChange={(value) => writePlan({ ...plan, objective: value as PlanObjective })}
            options={PLAN_OBJECTIVES.map((objective) => ({ value: objective, label: t.plan.objectives[objective] }))}
            testId="plan-for"
          />
          <ChoiceChips
            label={t.coverage.distance}
            value={String(plan.km)}
            onChange={(value) => writePlan({ ...plan, km: Number(value) })}
            options={COVERAGE_KM.map((k) => ({ value: String(k), label: t.coverage.km(formatCount(k)) }))}
            testId="plan-km"
          />
          <TownPicker
            onChoose={(place) => writePlan(withSite(plan, { lon: place.Long, lat: place.Lat }))}
            words={{ open: t.whatIf.addTown, label: t.whatIf.townLabel, placeholder: t.whatIf.townPlaceholder }}
            testId="plan-town"
          />
          <PlanFigures plan={plan} type={type} figures={figures} />
          <Group gap="xs" className="no-print">
            <Button
              variant="light"
              leftSection={<IconMapPin size={16} />}
              onClick={() => replaceParams({ tab: null })}
              data-testid="plan-on-map"
            >
              {t.whatIf.showOnMap}
            </Button>
            <Button variant="subtle" color="red" onClick={() => writePlan(null)} data-testid="plan-end">
              {t.whatIf.end}
            </Button>
          </Group>
        </Stack>
      )}
    </ChartCard>
  );
}

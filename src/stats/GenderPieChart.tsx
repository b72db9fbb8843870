/**
 * Pie of the selected province (or all): five-colour palette, percentage labels with one decimal. Per capita,
 * each slice is also its locations per 100,000 people of that province: one denominator for every slice, so
 * the slices keep their sizes, and the labels, the tooltip and a note under the pie give the rates.
 */
import { ResponsivePie } from '@nivo/pie';
import { Center, Text } from '@mantine/core';
import type { PiePoint } from '../../domain/gateway';
import { ratePer100k } from '../../domain/population';
import { t } from '../i18n/words';
import { valueName } from '../i18n/values';
import { formatCount, formatShare } from '../i18n/format';
import { formatRate, type PerCapita } from './measure';
import { CHART_THEME, PIE_PALETTE } from './chartTheme';
import { useLessMotion } from '../ui/useLessMotion';

interface GenderPieChartProps {
  points: PiePoint[];
  /** Per capita: the people of the province (or of Iran) each slice is counted against; null for counts. */
  perCapitaOf: { perCapita: PerCapita; population: number; place: string } | null;
}

export function GenderPieChart({ points, perCapitaOf }: GenderPieChartProps) {
  const lessMotion = useLessMotion();
  const total = points.reduce((sum, p) => sum + p.Count, 0);
  if (total === 0) {
    return (
      <Center h={320}>
        <Text c="dimmed">{t.stats.noData}</Text>
      </Center>
    );
  }
  const data = points.map((p) => ({ id: p.Name, label: valueName(p.Name), value: p.Count }));
  const rateOf = (count: number) => (perCapitaOf ? formatRate(ratePer100k(count, perCapitaOf.population)) : null);
  return (
    <>
      <div dir="ltr" className="pie-chart" data-testid="pie-chart" role="img" aria-label={t.stats.pieTitle}>
        <ResponsivePie
          animate={!lessMotion}
          data={data}
          colors={PIE_PALETTE}
          margin={{ top: 24, right: 90, bottom: 24, left: 90 }}
          innerRadius={0}
          padAngle={0.6}
          cornerRadius={2}
          arcLabel={(d) => rateOf(d.value) ?? formatShare(d.value, total)}
          arcLabelsTextColor="#ffffff"
          arcLinkLabel={(d) => String(d.label)}
          arcLinkLabelsColor={{ from: 'color' }}
          theme={CHART_THEME}
          role="presentation"
          tooltip={({ datum }) => (
            <div className="chart-tooltip">
              {datum.label} — {t.stats.count}: <b>{formatCount(datum.value)}</b> ({formatShare(datum.value, total)})
              {perCapitaOf ? (
                <>
                  {' '}
                  — {perCapitaOf.perCapita.words.short}: <b>{rateOf(datum.value)}</b>
                </>
              ) : null}
            </div>
          )}
        />
      </div>
      {perCapitaOf ? (
        <Text size="sm" c="dimmed" data-testid="pie-per-capita">
          {perCapitaOf.perCapita.words.pieNote(perCapitaOf.place, formatCount(perCapitaOf.population))}
        </Text>
      ) : null}
    </>
  );
}

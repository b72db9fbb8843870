/** Pie of the selected province (or all): five-colour palette, percentage labels with one decimal. */
import { ResponsivePie } from '@nivo/pie';
import { Center, Text } from '@mantine/core';
import type { PiePoint } from '../../domain/gateway';
import { fa, formatCount } from '../i18n/fa';
import { CHART_THEME, PIE_PALETTE } from './chartTheme';

export function percentLabel(value: number, total: number): string {
  return `${total === 0 ? '0.0' : ((value / total) * 100).toFixed(1)}%`;
}

export function GenderPieChart({ points }: { points: PiePoint[] }) {
  const total = points.reduce((sum, p) => sum + p.Count, 0);
  if (total === 0) {
    return (
      <Center h={320}>
        <Text c="dimmed">{fa.stats.noData}</Text>
      </Center>
    );
  }
  const data = points.map((p) => ({ id: p.Name, label: p.Name, value: p.Count }));
  return (
    <div dir="ltr" className="pie-chart" data-testid="pie-chart" role="img" aria-label={fa.stats.pieTitle}>
      <ResponsivePie
        data={data}
        colors={PIE_PALETTE}
        margin={{ top: 24, right: 90, bottom: 24, left: 90 }}
        innerRadius={0}
        padAngle={0.6}
        cornerRadius={2}
        arcLabel={(d) => percentLabel(d.value, total)}
        arcLabelsTextColor="#ffffff"
        arcLinkLabel={(d) => String(d.label)}
        arcLinkLabelsColor={{ from: 'color' }}
        theme={CHART_THEME}
        role="presentation"
        tooltip={({ datum }) => (
          <div className="chart-tooltip">
            {datum.label} — {fa.stats.count}: <b>{formatCount(datum.value)}</b> ({percentLabel(datum.value, total)})
          </div>
        )}
      />
    </div>
  );
}

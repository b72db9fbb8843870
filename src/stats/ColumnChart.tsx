/** One column per province (Persian names), y axis from 0 to the maximum count (spec §9). */
import { useMemo } from 'react';
import { ResponsiveBar } from '@nivo/bar';
import type { ChartRow } from '../../domain/gateway';
import { fa, formatCount } from '../i18n/fa';
import { BRAND, CHART_THEME, HIGHLIGHT } from './chartTheme';

interface Column {
  province: string;
  count: number;
  [key: string]: string | number;
}

/**
 * A rotated Persian tick label. In an LTR chart box, SVG anchors right-to-left text from the wrong end;
 * with direction rtl, text-anchor start puts the label's first letter at the tick and runs it down-left.
 */
function PersianTick({ x, y, value }: { x: number; y: number; value: string | number }) {
  return (
    <g transform={`translate(${x},${y})`}>
      <line y2={4} stroke="#868e96" />
      <text transform="translate(0,8) rotate(-55)" direction="rtl" textAnchor="start" dominantBaseline="central" fontSize={11} fill="#343a40">
        {value}
      </text>
    </g>
  );
}

export function ColumnChart({ rows, selectedFa, onColumnClick }: { rows: ChartRow[]; selectedFa: string | null; onColumnClick(faName: string): void }) {
  // Read right to left: the count axis stands at the right with the largest provinces beside it, so a
  // phone's sideways scroll (which starts at the right in RTL) opens on the axis and the biggest columns.
  const data = useMemo<Column[]>(() => [...rows].sort((a, b) => a.Count - b.Count).map((r) => ({ province: r.OstanName, count: r.Count })), [rows]);
  const max = Math.max(1, ...rows.map((r) => r.Count));
  return (
    // Scrolls sideways on phones rather than squeezing 31 columns into 375 px.
    <div className="chart-scroll">
      <div dir="ltr" className="column-chart" data-testid="column-chart">
        <ResponsiveBar<Column>
          data={data}
          keys={['count']}
          indexBy="province"
          valueScale={{ type: 'linear', min: 0, max }}
          indexScale={{ type: 'band', round: true }}
          margin={{ top: 16, right: 64, bottom: 118, left: 12 }}
          padding={0.25}
          colors={({ indexValue }) => (indexValue === selectedFa ? HIGHLIGHT : BRAND)}
          axisBottom={{ tickSize: 4, renderTick: PersianTick }}
          axisLeft={null}
          axisRight={{ format: (v: number) => formatCount(v), tickValues: 5, legend: fa.stats.count, legendPosition: 'middle', legendOffset: 54 }}
          enableLabel={false}
          theme={CHART_THEME}
          role="img"
          ariaLabel={fa.stats.columnTitle}
          barAriaLabel={(d) => `${d.indexValue}: ${formatCount(d.value ?? 0)}`}
          tooltip={({ indexValue, value }) => (
            <div className="chart-tooltip">
              {indexValue}: <b>{formatCount(value)}</b>
            </div>
          )}
          onClick={(datum) => onColumnClick(String(datum.indexValue))}
        />
      </div>
    </div>
  );
}

/**
 * One column per province, y axis from 0 to the maximum count (or rate per 100,000 people). The count axis
 * stands where reading starts (the right in Persian, the left in English), the largest provinces beside it.
 */
import { useMemo } from 'react';
import { BarItem, ResponsiveBar, type BarItemProps } from '@nivo/bar';
import type { ChartRow } from '../../domain/gateway';
import { t } from '../i18n/words';
import { PAGE_DIRECTION } from '../i18n/language';
import { provinceName } from '../i18n/names';
import { columnTitleOf, formatValue, measureLabel, valueOf, type Measure } from './measure';
import { BRAND, CHART_FONT, CHART_THEME, HIGHLIGHT, TICK_FONT_SIZE } from './chartTheme';
import { useLessMotion } from '../ui/useLessMotion';

interface Column {
  /** The province's name as shown. */
  province: string;
  /** Its Persian name: what the statistics machine knows provinces by. */
  faName: string;
  count: number;
  /** The value as written. */
  shown: string;
  [key: string]: string | number;
}

/** How steeply the province names slant up from their columns, in degrees. */
const NAME_SLANT = 55;
/** The tick's length and the gap before a name starts, in px. */
const NAME_OFFSET = 8;
/** What the names below the axis need when they cannot be measured: Persian names' longest reach. */
const NAMES_DEPTH_UNMEASURED = 118;

/**
 * How far the slanted names reach below the axis: the widest name's height at the slant, so the longest one
 * (English "Kohgiluyeh and Boyer-Ahmad" is half as long again as any Persian name) is never cut off.
 */
function namesDepth(names: string[]): number {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return NAMES_DEPTH_UNMEASURED;
  context.font = `${TICK_FONT_SIZE}px ${CHART_FONT}`;
  const widest = Math.max(0, ...names.map((name) => context.measureText(name).width));
  // Plus a line's height: the text's own thickness at the slant, and its descenders.
  return Math.ceil(NAME_OFFSET + widest * Math.sin((NAME_SLANT * Math.PI) / 180) + TICK_FONT_SIZE);
}

/**
 * A rotated province name under its column, its first letter at the tick. In the chart's LTR box, SVG anchors
 * right-to-left text from the wrong end: with direction rtl, text-anchor start runs a Persian name down-left
 * from the tick; an English name ends at the tick and runs up to it from the lower left.
 */
function NameTick({ x, y, value }: { x: number; y: number; value: string | number }) {
  return (
    <g transform={`translate(${x},${y})`}>
      <line y2={4} stroke="#868e96" />
      <text
        transform={`translate(0,${NAME_OFFSET}) rotate(-${NAME_SLANT})`}
        direction={PAGE_DIRECTION}
        textAnchor={PAGE_DIRECTION === 'rtl' ? 'start' : 'end'}
        dominantBaseline="central"
        fontSize={TICK_FONT_SIZE}
        fill="#343a40"
      >
        {value}
      </text>
    </g>
  );
}

/** The axis starts at 0 and tops at the maximum count itself (no rounding up to a "nice" 100). */
export function countAxisTicks(max: number): number[] {
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(max * f));
  return ticks.filter((tick, i) => ticks.indexOf(tick) === i);
}

/** Rates are not whole: the quarters of the maximum as they are. */
const axisTicks = (max: number, measure: Measure) =>
  measure === 'count' ? countAxisTicks(max) : [0, 0.25, 0.5, 0.75, 1].map((f) => max * f);

/** A column named for assistive technology: an SVG rect may not carry a label, so its group does. */
function NamedColumn(props: BarItemProps<Column>) {
  const { data } = props.bar;
  return (
    <g role="img" aria-label={`${data.indexValue}: ${data.data.shown}`} data-province={data.indexValue}>
      <BarItem {...props} ariaLabel={undefined} />
    </g>
  );
}

export function ColumnChart({
  rows,
  measure,
  selectedFa,
  onColumnClick,
}: {
  rows: ChartRow[];
  measure: Measure;
  selectedFa: string | null;
  onColumnClick(faName: string): void;
}) {
  // The count axis stands where reading starts, with the largest provinces beside it, so a phone's sideways
  // scroll (which starts at the right in RTL, the left in LTR) opens on the axis and the biggest columns.
  const rtl = PAGE_DIRECTION === 'rtl';
  const lessMotion = useLessMotion();
  const data = useMemo<Column[]>(
    () =>
      rows
        .map((r) => ({
          province: provinceName(r.LocationEnName, r.OstanName),
          faName: r.OstanName,
          count: valueOf(r, measure),
        }))
        .sort((a, b) => (rtl ? a.count - b.count : b.count - a.count))
        .map((c) => ({ ...c, shown: formatValue(c.count, measure) })),
    [rows, measure, rtl],
  );
  const bottom = useMemo(() => namesDepth(data.map((c) => c.province)), [data]);
  const max = Math.max(measure === 'count' ? 1 : 0.01, ...data.map((c) => c.count));
  const ticks = axisTicks(max, measure);
  const axis = {
    format: (v: number) => formatValue(v, measure),
    tickValues: ticks,
    legend: measureLabel(measure),
    legendPosition: 'middle' as const,
    // From the axis to the legend's baseline: the legend's letters stand on the side away from the axis on the
    // left (LTR) and towards it on the right (RTL), so the same gap needs a shorter offset on the left to stay
    // within the margin (at -60 the English "Count" lost its tops).
    legendOffset: rtl ? 54 : -50,
  };
  return (
    // Scrolls sideways on phones rather than squeezing 31 columns into 375 px; focusable, so the keyboard scrolls it too.
    <div className="chart-scroll" tabIndex={0} role="group" aria-label={columnTitleOf(measure)}>
      <p className="scroll-hint" aria-hidden="true">
        {t.stats.scrollHint}
      </p>
      <div dir="ltr" className="column-chart" data-testid="column-chart">
        <ResponsiveBar<Column>
          animate={!lessMotion}
          data={data}
          keys={['count']}
          indexBy="province"
          valueScale={{ type: 'linear', min: 0, max, nice: false }}
          indexScale={{ type: 'band', round: true }}
          margin={rtl ? { top: 16, right: 64, bottom, left: 72 } : { top: 16, right: 72, bottom, left: 64 }}
          padding={0.25}
          colors={({ data: column }) => (column.faName === selectedFa ? HIGHLIGHT : BRAND)}
          axisBottom={{ tickSize: 4, renderTick: NameTick }}
          axisLeft={rtl ? null : axis}
          axisRight={rtl ? axis : null}
          gridYValues={ticks}
          enableLabel={false}
          theme={CHART_THEME}
          role="img"
          ariaLabel={columnTitleOf(measure)}
          barComponent={NamedColumn}
          tooltip={({ indexValue, data: column }) => (
            <div className="chart-tooltip">
              {indexValue}: <b>{column.shown}</b>
            </div>
          )}
          onClick={(datum) => onColumnClick(datum.data.faName)}
        />
      </div>
    </div>
  );
}

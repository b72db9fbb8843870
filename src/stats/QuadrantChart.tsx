/**
 * Need against supply as a quadrant chart: each province a point, supply (locations per 100,000 people aged
 * 15-29) along, need (0 to 100) up, split at the median supply and the middle need, the "high need, low supply"
 * corner shaded. Every point is named in the page's language and is one stop of a roving focus: the chart is one
 * tab stop, arrows walk the points in order of need, Enter or Space chooses the point's province (as a click does).
 */
import { ResponsiveScatterPlot, type ScatterPlotLayerProps } from '@nivo/scatterplot';
import { Text } from '@mantine/core';
import { createContext, useContext, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { EquityRow } from '../../domain/equity';
import { t } from '../i18n/words';
import { formatCount } from '../i18n/format';
import { CHART_FONT, CHART_THEME, TICK_FONT_SIZE } from './chartTheme';
import { byNeed, equityName, formatNeed } from './equityFigures';
import { placeLabels } from './labelPlacement';
import { formatRate } from './measure';

interface Point {
  x: number;
  y: number;
  row: EquityRow;
}

/** The middle need: above it a province stands higher than most in need. */
const MIDDLE_NEED = 50;
const NEEDY = '#c92a2a';
const OTHER = '#495057';
const NEEDY_SHADE = 'rgb(201 42 42 / 8%)';

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const pointLabel = (row: EquityRow) =>
  t.equity.point(equityName(row), formatCount(row.NeedRank), formatRate(row.PerYouth100k), formatNeed(row.Need));

/** What the layers share with the chart: they are handed to Nivo once, so they read the rest from here. */
interface Focus {
  active: number;
  medianSupply: number;
  /** Makes a point the chart's one tab stop. */
  moveTo(index: number): void;
  open(row: EquityRow): void;
  hover(index: number | null): void;
}

const FocusContext = createContext<Focus | null>(null);

const isNeedy = (point: { x: number; y: number }, medianSupply: number) =>
  point.y >= MIDDLE_NEED && point.x < medianSupply;

function QuadrantLayer({ xScale, yScale, innerWidth, innerHeight }: ScatterPlotLayerProps<Point>) {
  const focus = useContext(FocusContext)!;
  const x = (xScale as (v: number) => number)(focus.medianSupply);
  const y = (yScale as (v: number) => number)(MIDDLE_NEED);
  return (
    <g aria-hidden="true">
      <rect x={0} y={0} width={x} height={y} fill={NEEDY_SHADE} />
      <line x1={x} x2={x} y1={0} y2={innerHeight} stroke="#868e96" strokeDasharray="4 3" />
      <line x1={0} x2={innerWidth} y1={y} y2={y} stroke="#868e96" strokeDasharray="4 3" />
      <text x={6} y={14} fill={NEEDY} fontFamily={CHART_FONT} fontSize={12} fontWeight={600}>
        {t.equity.highNeed}
      </text>
      <text
        x={innerWidth - 6}
        y={innerHeight - 8}
        textAnchor="end"
        fill="#495057"
        fontFamily={CHART_FONT}
        fontSize={12}
      >
        {t.equity.lowNeed}
      </text>
    </g>
  );
}

const NAME_FONT_SIZE = TICK_FONT_SIZE - 1;
/** A name's box: its line, its gap from the point's centre, the points' largest radius. */
const NAME_LAYOUT = { lineHeight: Math.ceil(NAME_FONT_SIZE * 1.7), gap: 8, radius: 6 };
/** The font's depth below the baseline, in its size: the baseline sits this far above the box's foot. */
const DESCENT = 0.55;
/** Room for the font arriving after the names were measured (the fallback runs narrower). */
const WIDTH_ROOM = 1.1;
/** The width the corner captions ("high need, low supply") take, in either language at the chart's font. */
const CAPTION_ROOM = 140;

/** The names' widths as the chart's font draws them (a rough width per letter where there is no canvas). */
function nameWidths(names: readonly string[]): number[] {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return names.map((name) => name.length * NAME_FONT_SIZE * 0.6);
  context.font = `${NAME_FONT_SIZE}px ${CHART_FONT}`;
  return names.map((name) => Math.ceil(context.measureText(name).width * WIDTH_ROOM));
}

/**
 * Names placed so that none overlaps another or a point and none is cut (the high-need corner is crowded: its
 * names overlapped and ran off the edge); those with no room are named on focus and hover, below the chart.
 */
function useNamePlaces(nodes: ScatterPlotLayerProps<Point>['nodes'], width: number, height: number, active: number) {
  return useMemo(() => {
    const widths = nameWidths(nodes.map((node) => equityName(node.data.row)));
    const points = nodes.map((node, i) => ({ x: node.x, y: node.y, width: widths[i]! }));
    if (points.length === 0) return [];
    const options = { width, height, ...NAME_LAYOUT };
    // The point in focus first, where there is room (it is always named below the chart), then the others in
    // order of need (the nodes' order).
    // The corners' captions (their first line's room, at their corners) are kept clear.
    const captions = [
      { left: 0, top: 0, right: CAPTION_ROOM, bottom: 20 },
      { left: width - CAPTION_ROOM, top: height - 22, right: width, bottom: height },
    ];
    const placed = placeLabels(
      points,
      [active, ...points.map((_, i) => i).filter((i) => i !== active)],
      options,
      captions,
    );
    return placed;
  }, [nodes, width, height, active]);
}

function PointsLayer({ nodes, innerWidth, innerHeight }: ScatterPlotLayerProps<Point>) {
  const focus = useContext(FocusContext)!;
  const points = useRef<(SVGGElement | null)[]>([]);
  const names = useNamePlaces(nodes, innerWidth, innerHeight, Math.max(0, Math.min(focus.active, nodes.length - 1)));
  const onKeyDown = (event: KeyboardEvent, index: number, row: EquityRow) => {
    const last = nodes.length - 1;
    const to =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? Math.min(last, index + 1)
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? Math.max(0, index - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to !== null) {
      event.preventDefault();
      // The point takes the focus, and with it the one tab stop (onFocus).
      points.current[to]?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      focus.open(row);
    }
  };
  return (
    <g>
      {nodes.map((node, index) => {
        const { row } = node.data;
        const needy = isNeedy(node.data, focus.medianSupply);
        const place = names[index] ?? null;
        return (
          <g
            key={row.Code}
            ref={(element) => {
              points.current[index] = element;
            }}
            transform={`translate(${node.x},${node.y})`}
            className="quadrant-point"
            role="button"
            tabIndex={index === focus.active ? 0 : -1}
            aria-label={pointLabel(row)}
            data-code={row.Code}
            onFocus={() => focus.moveTo(index)}
            onMouseEnter={() => focus.hover(index)}
            onMouseLeave={() => focus.hover(null)}
            onClick={() => focus.open(row)}
            onKeyDown={(event) => onKeyDown(event, index, row)}
          >
            <circle r={needy ? 6 : 5} fill={needy ? NEEDY : OTHER} fillOpacity={0.85} stroke="#fff" strokeWidth={1} />
            {place ? (
              <text
                // Anchored at its box's middle: the same in either direction of writing.
                x={(place.box.left + place.box.right) / 2 - node.x}
                y={place.box.bottom - DESCENT * NAME_FONT_SIZE - node.y}
                textAnchor="middle"
                className="quadrant-name"
                fontFamily={CHART_FONT}
                fontSize={NAME_FONT_SIZE}
                fill={needy ? NEEDY : '#343a40'}
                stroke="#fff"
                strokeWidth={3}
                paintOrder="stroke"
                aria-hidden="true"
              >
                {equityName(row)}
              </text>
            ) : null}
          </g>
        );
      })}
    </g>
  );
}

export function QuadrantChart({
  rows,
  title,
  onOpen,
}: {
  rows: readonly EquityRow[];
  title: string;
  onOpen(row: EquityRow): void;
}) {
  const ranked = useMemo(() => byNeed(rows), [rows]);
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState<number | null>(null);
  const medianSupply = useMemo(() => median(rows.map((r) => r.PerYouth100k)), [rows]);
  const data = useMemo(
    () => [{ id: 'rows', data: ranked.map((row) => ({ x: row.PerYouth100k, y: row.Need * 100, row })) }],
    [ranked],
  );
  const focus = useMemo<Focus>(
    () => ({ active, medianSupply, moveTo: setActive, open: onOpen, hover: setHovered }),
    [active, medianSupply, onOpen],
  );
  const described = ranked[hovered ?? active];
  return (
    <FocusContext.Provider value={focus}>
      <div dir="ltr" className="quadrant-chart" data-testid="quadrant-chart">
        <ResponsiveScatterPlot<Point>
          data={data}
          xScale={{ type: 'linear', min: 'auto', max: 'auto', nice: true }}
          yScale={{ type: 'linear', min: 0, max: 100 }}
          margin={{ top: 16, right: 24, bottom: 56, left: 64 }}
          axisBottom={{
            legend: t.equity.supplyAxis,
            legendPosition: 'middle',
            legendOffset: 44,
            tickValues: 5,
            format: (v: number) => formatRate(v),
          }}
          axisLeft={{
            legend: t.equity.needAxis,
            legendPosition: 'middle',
            legendOffset: -48,
            tickValues: [0, 25, 50, 75, 100],
            format: (v: number) => formatCount(v),
          }}
          gridYValues={[0, 25, 50, 75, 100]}
          theme={CHART_THEME}
          layers={['grid', 'axes', QuadrantLayer, PointsLayer]}
          isInteractive={false}
          animate={false}
          role="group"
          ariaLabel={title}
        />
      </div>
      <Text size="xs" c="dimmed" className="no-print">
        {t.equity.keys}
      </Text>
      {described ? (
        <Text size="sm" data-testid="quadrant-described" aria-live="polite">
          {pointLabel(described)}
        </Text>
      ) : null}
    </FocusContext.Provider>
  );
}

/**
 * The 31 provinces coloured by quarter buckets of the maximum count (or of the highest rate per 100,000
 * people, the buckets then recomputed on the rates), matched by LocationEnName.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { GeoMap } from '@nivo/geo';
import { useElementSize } from '@mantine/hooks';
import { geoCentroid, geoMercator } from 'd3-geo';
import type { FeatureCollection } from 'geojson';
import { PROVINCE_SHAPES } from '../../domain/provinceShapes';
import type { ChartRow } from '../../domain/gateway';
import { t } from '../i18n/words';
import { PAGE_DIRECTION } from '../i18n/language';
import { provinceName } from '../i18n/names';
import { CHART_THEME } from './chartTheme';
import { BUCKETS, NO_DATA_COLOR, bucketBounds, bucketOf, rateBucketBounds } from '../../domain/colorBuckets';
import { formatValue, measureLabel, valueOf, type Measure } from './measure';

interface ProvinceFeature {
  id: string;
  properties: { name_en: string; name_fa: string };
}

const ASPECT = 0.9;

/** Provinces in reading order: bands of latitude from the north, each read from the east (right to left). */
function readingOrder(
  features: { id: string; geometry: FeatureCollection['features'][number]['geometry'] }[],
): string[] {
  const BAND_DEGREES = 2;
  return features
    .map((f) => {
      const [lon, lat] = geoCentroid(f as never);
      return { id: f.id, band: Math.floor(-lat / BAND_DEGREES), lon };
    })
    .sort((a, b) => a.band - b.band || (PAGE_DIRECTION === 'rtl' ? b.lon - a.lon : a.lon - b.lon))
    .map((f) => f.id);
}

/** What the map colours: a value per province (by English name), how to write one, and what they are. */
export interface ProvinceValues {
  values: ReadonlyMap<string, number>;
  format(value: number): string;
  /** Whole counts (legend ranges of whole numbers) or not (rates, shares). */
  whole: boolean;
  label: string;
  /** What the uncoloured provinces (no value) mean. */
  noneLabel: string;
  /**
   * More is worse (the share of people far from any centre): the scale's colours run the other way, so the worst
   * class is not painted the reassuring green that "most centres" gets.
   */
  higherIsWorse?: boolean;
}

/** The statistics' figures as the map colours them: counts, or rates per 100,000 of the measure's people. */
export const provinceValuesOf = (rows: readonly ChartRow[], measure: Measure): ProvinceValues => ({
  values: new Map(rows.map((r) => [r.LocationEnName, valueOf(r, measure)])),
  format: (value) => formatValue(value, measure),
  whole: measure === 'count',
  label: measureLabel(measure),
  noneLabel: t.stats.legendNone,
});

export function ProvinceMapChart({
  shown,
  selectedEn,
  onRegionClick,
  testId = 'province-map',
}: {
  shown: ProvinceValues;
  selectedEn: string | null;
  onRegionClick(enName: string): void;
  testId?: string;
}) {
  const { ref, width } = useElementSize();
  const helpId = useId();
  const height = Math.round(width * ASPECT);
  const counts = shown.values;
  const max = Math.max(0, ...counts.values());
  const bounds = shown.whole ? bucketBounds(max) : rateBucketBounds(max);
  /** The colour of the i-th class, low to high (reversed where more is worse). */
  const colourOf = (i: number) => BUCKETS[shown.higherIsWorse ? BUCKETS.length - 1 - i : i]!.color;
  const features = useMemo(() => PROVINCE_SHAPES.features.map((f) => ({ ...f, id: f.properties.name_en })), []);
  const order = useMemo(() => readingOrder(features), [features]);
  // The province the keyboard is on (null until an arrow key is pressed).
  const [focused, setFocused] = useState<string | null>(null);
  const nameOf = (enName: string) =>
    provinceName(enName, features.find((f) => f.id === enName)?.properties.name_fa ?? enName);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = focused === null ? -1 : order.indexOf(focused);
    // Forward is the reading direction: leftwards on a right-to-left page, rightwards on a left-to-right one.
    const forward = PAGE_DIRECTION === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = PAGE_DIRECTION === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const step: Record<string, number> = { [forward]: 1, ArrowDown: 1, [back]: -1, ArrowUp: -1 };
    if (event.key in step) {
      const next = at === -1 ? 0 : (at + step[event.key]! + order.length) % order.length;
      setFocused(order[next]!);
    } else if (event.key === 'Home') setFocused(order[0]!);
    else if (event.key === 'End') setFocused(order[order.length - 1]!);
    else if (event.key === 'Enter' && focused !== null) onRegionClick(focused);
    else return;
    event.preventDefault();
  };
  const projection = useMemo(() => {
    if (width === 0) return null;
    const fitted = geoMercator().fitExtent(
      [
        [8, 8],
        [width - 8, height - 8],
      ],
      PROVINCE_SHAPES,
    );
    const [tx, ty] = fitted.translate();
    return { scale: fitted.scale(), translation: [tx / width, ty / height] as [number, number] };
  }, [width, height]);

  return (
    <div>
      <div
        ref={ref}
        dir="ltr"
        className="province-map"
        data-testid={testId}
        style={{ height: height || 300 }}
        // One tab stop: arrow keys walk the provinces in reading order, Enter opens the list of the one reached.
        tabIndex={0}
        role="group"
        aria-label={t.stats.mapTitle}
        aria-describedby={helpId}
        onKeyDown={onKeyDown}
        onBlur={() => setFocused(null)}
      >
        {projection ? (
          <GeoMap
            width={width}
            height={height}
            features={features}
            projectionType="mercator"
            projectionScale={projection.scale}
            projectionTranslation={projection.translation}
            fillColor={(f: ProvinceFeature) => {
              const bucket = bucketOf(counts.get(f.properties.name_en), max);
              return bucket ? colourOf(BUCKETS.indexOf(bucket)) : NO_DATA_COLOR;
            }}
            borderWidth={(f: ProvinceFeature) =>
              f.properties.name_en === focused ? 3.5 : f.properties.name_en === selectedEn ? 2.5 : 0.7
            }
            borderColor={
              ((f: ProvinceFeature) =>
                f.properties.name_en === focused
                  ? '#1864ab'
                  : f.properties.name_en === selectedEn
                    ? '#c92a2a'
                    : '#5c5f66') as unknown as string
            }
            onClick={(f: ProvinceFeature) => onRegionClick(f.properties.name_en)}
            tooltip={({ feature }: { feature: ProvinceFeature }) => (
              <div className="chart-tooltip">
                {provinceName(feature.properties.name_en, feature.properties.name_fa)}:{' '}
                <b>{shown.format(counts.get(feature.properties.name_en) ?? 0)}</b>
              </div>
            )}
            theme={CHART_THEME}
            role="presentation"
          />
        ) : null}
      </div>
      <p id={helpId} className="visually-hidden">
        {t.stats.mapKeys}
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid={`${testId}-announcement`}>
        {focused === null ? '' : `${nameOf(focused)}: ${shown.format(counts.get(focused) ?? 0)}`}
      </p>
      <ul className="map-legend" aria-label={`${t.stats.mapTitle}: ${shown.label}`}>
        {BUCKETS.map((bucket, i) => {
          const range = bounds[i];
          // A colour no count can have (a small maximum) is not in the legend.
          if (!range) return null;
          return (
            <li key={bucket.color} data-from={range[0]} data-to={range[1]} data-color={colourOf(i)}>
              <span className="legend-swatch" style={{ background: colourOf(i) }} />
              {t.stats.bucketLabels[i]} ({shown.format(range[0])}–{shown.format(range[1])})
            </li>
          );
        })}
        <li>
          <span className="legend-swatch" style={{ background: NO_DATA_COLOR }} />
          {shown.noneLabel}
        </li>
      </ul>
    </div>
  );
}

/** The 31 provinces coloured by quarter buckets of the maximum count, matched by LocationEnName. */
import { useMemo } from 'react';
import { GeoMap } from '@nivo/geo';
import { useElementSize } from '@mantine/hooks';
import { geoMercator } from 'd3-geo';
import type { FeatureCollection } from 'geojson';
import provinces from '../../domain/data/provinces.geo.json';
import type { ChartRow } from '../../domain/gateway';
import { fa, formatCount } from '../i18n/fa';
import { CHART_THEME } from './chartTheme';
import { BUCKETS, NO_DATA_COLOR, bucketBounds, bucketOf } from './colorBuckets';

interface ProvinceFeature {
  id: string;
  properties: { name_en: string; name_fa: string };
}

const collection = provinces as FeatureCollection;
const ASPECT = 0.9;

export function ProvinceMapChart({
  rows,
  selectedEn,
  onRegionClick,
}: {
  rows: ChartRow[];
  selectedEn: string | null;
  onRegionClick(enName: string): void;
}) {
  const { ref, width } = useElementSize();
  const height = Math.round(width * ASPECT);
  const counts = useMemo(() => new Map(rows.map((r) => [r.LocationEnName, r.Count])), [rows]);
  const max = Math.max(0, ...rows.map((r) => r.Count));
  const features = useMemo(
    () => collection.features.map((f) => ({ ...f, id: (f.properties as ProvinceFeature['properties']).name_en })),
    [],
  );
  const projection = useMemo(() => {
    if (width === 0) return null;
    const fitted = geoMercator().fitExtent(
      [
        [8, 8],
        [width - 8, height - 8],
      ],
      collection,
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
        data-testid="province-map"
        style={{ height: height || 300 }}
        role="img"
        aria-label={fa.stats.mapTitle}
      >
        {projection ? (
          <GeoMap
            width={width}
            height={height}
            features={features}
            projectionType="mercator"
            projectionScale={projection.scale}
            projectionTranslation={projection.translation}
            fillColor={(f: ProvinceFeature) => bucketOf(counts.get(f.properties.name_en), max)?.color ?? NO_DATA_COLOR}
            borderWidth={(f: ProvinceFeature) => (f.properties.name_en === selectedEn ? 2.5 : 0.7)}
            borderColor={
              ((f: ProvinceFeature) =>
                f.properties.name_en === selectedEn ? '#c92a2a' : '#5c5f66') as unknown as string
            }
            onClick={(f: ProvinceFeature) => onRegionClick(f.properties.name_en)}
            tooltip={({ feature }: { feature: ProvinceFeature }) => (
              <div className="chart-tooltip">
                {feature.properties.name_fa}: <b>{formatCount(counts.get(feature.properties.name_en) ?? 0)}</b>
              </div>
            )}
            theme={CHART_THEME}
            role="presentation"
          />
        ) : null}
      </div>
      <ul className="map-legend" aria-label={fa.stats.mapTitle}>
        {BUCKETS.map((bucket, i) => {
          const range = bucketBounds(max)[i];
          // A colour no count can have (a small maximum) is not in the legend.
          if (!range) return null;
          return (
            <li key={bucket.color} data-from={range[0]} data-to={range[1]} data-color={bucket.color}>
              <span className="legend-swatch" style={{ background: bucket.color }} />
              {fa.stats.bucketLabels[i]} ({formatCount(range[0])}–{formatCount(range[1])})
            </li>
          );
        })}
        <li>
          <span className="legend-swatch" style={{ background: NO_DATA_COLOR }} />
          {fa.stats.legendNone}
        </li>
      </ul>
    </div>
  );
}

/** The cards of the figures per province: the column chart, the map chart and the pie of one province (or Iran). */
import { ALL_PROVINCES } from '../../domain/gateway';
import { filterSummary } from '../filters';
import { failureText } from '../i18n/failureText';
import { typeTitle } from '../i18n/names';
import { t } from '../i18n/words';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { ChartCard } from './ChartCard';
import { pieSummary, provinceSummary } from './chartSummary';
import { ColumnChart } from './ColumnChart';
import { GenderPieChart } from './GenderPieChart';
import { populationOfProvince } from './measure';
import { pieCsv, pieTable, provinceCsv, provinceTable } from './provinceFigures';
import { ProvinceMapChart, provinceValuesOf } from './ProvinceMapChart';
import type { StatsView } from './statsView';

/** The per-province table the column and map cards share, captioned with what it counts. */
function provinceTableOf({ type, measure, filters, snapshot, statistics }: StatsView) {
  const caption = [
    `${t.stats.columnTitle} — ${typeTitle(type)}`,
    measure === 'rate' ? t.perCapita.rateLabel : null,
    filterSummary(filters),
  ]
    .filter(Boolean)
    .join(t.listSeparator);
  return provinceTable(snapshot.context.rows, measure, caption, (enName) =>
    statistics.send({ type: 'REGION_CLICKED', enName }),
  );
}

const selectedOf = ({ snapshot }: StatsView) =>
  snapshot.context.provinces.find((p) => p.value === snapshot.context.selected);

export function ColumnCard({ view }: { view: StatsView }) {
  const { type, measure, caption, snapshot, statistics, fileSuffix } = view;
  const { rows } = snapshot.context;
  return (
    <ChartCard
      title={t.stats.columnTitle}
      caption={caption}
      fileName={`column-${type.route}${fileSuffix}`}
      testId="column-card"
      csv={() => provinceCsv(rows, measure)}
      table={provinceTableOf(view)}
      summary={provinceSummary(rows, measure)}
    >
      <ColumnChart
        rows={rows}
        measure={measure}
        selectedFa={selectedOf(view)?.label ?? null}
        onColumnClick={(faName) => statistics.send({ type: 'COLUMN_CLICKED', faName })}
      />
    </ChartCard>
  );
}

export function MapCard({ view }: { view: StatsView }) {
  const { type, measure, caption, snapshot, statistics, fileSuffix } = view;
  const { rows } = snapshot.context;
  return (
    <ChartCard
      title={t.stats.mapTitle}
      caption={caption}
      fileName={`map-${type.route}${fileSuffix}`}
      testId="map-card"
      csv={() => provinceCsv(rows, measure)}
      table={provinceTableOf(view)}
      summary={provinceSummary(rows, measure)}
    >
      <ProvinceMapChart
        shown={provinceValuesOf(rows, measure)}
        selectedEn={selectedOf(view)?.value ?? null}
        onRegionClick={(enName) => statistics.send({ type: 'REGION_CLICKED', enName })}
      />
    </ChartCard>
  );
}

export function PieCard({ view }: { view: StatsView }) {
  const { type, measure, filters, caption, snapshot, statistics, provinceLabel, fileSuffix } = view;
  const { pie, selected, pieError } = snapshot.context;
  const title = `${t.stats.pieTitle} (${provinceLabel(selected)})`;
  // The pie's province (or Iran) population: its shares per 100,000 of the people there.
  const population = populationOfProvince(selected === ALL_PROVINCES ? null : selected);
  const shown = snapshot.matches({ ready: { pie: 'shown' } });
  return (
    <ChartCard
      title={title}
      caption={caption}
      fileName={`pie-${type.route}-${selected}${fileSuffix}`}
      testId="pie-card"
      csv={() => pieCsv(pie, measure, population)}
      table={
        shown
          ? pieTable(pie, measure, [title, filterSummary(filters)].filter(Boolean).join(t.listSeparator), population)
          : null
      }
      summary={shown ? pieSummary(pie, measure === 'rate' ? population : null) : null}
    >
      {snapshot.matches({ ready: { pie: 'loading' } }) ? <BusyIndicator height={320} /> : null}
      {snapshot.matches({ ready: { pie: 'failed' } }) ? (
        <FailureAlert
          title={t.stats.pieFailed}
          message={failureText(pieError)}
          onRetry={() => statistics.send({ type: 'RETRY_PIE' })}
        />
      ) : null}
      {shown ? (
        <GenderPieChart
          points={pie}
          perCapitaOf={measure === 'rate' ? { population, place: provinceLabel(selected) } : null}
        />
      ) : null}
    </ChartCard>
  );
}

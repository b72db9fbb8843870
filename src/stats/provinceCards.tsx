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
import { columnTitleOf, perCapitaOf } from './measure';
import { pieCsv, pieTable, provinceCsv, provinceTable } from './provinceFigures';
import { ProvinceMapChart, provinceValuesOf } from './ProvinceMapChart';
import type { TableData } from './DataTable';
import type { StatsView } from './statsView';

/** What the column and map cards both show of the provinces' figures: their caption, file, table and summary. */
interface ProvinceFigures {
  caption: StatsView['caption'];
  csv: () => string;
  table: TableData;
  summary: ReturnType<typeof provinceSummary>;
}

/** Made once per view (one render of the tab), for both cards. */
const figuresByView = new WeakMap<StatsView, ProvinceFigures>();

function provinceFiguresOf(view: StatsView): ProvinceFigures {
  const known = figuresByView.get(view);
  if (known) return known;
  const { type, measure, filters, caption, snapshot, statistics } = view;
  const { rows } = snapshot.context;
  const tableCaption = [
    `${columnTitleOf(measure)} — ${typeTitle(type)}`,
    perCapitaOf(measure)?.words.label ?? null,
    filterSummary(filters),
  ]
    .filter(Boolean)
    .join(t.listSeparator);
  const figures: ProvinceFigures = {
    caption,
    csv: () => provinceCsv(rows, measure),
    table: provinceTable(rows, measure, tableCaption, (enName) => statistics.send({ type: 'REGION_CLICKED', enName })),
    summary: provinceSummary(rows, measure),
  };
  figuresByView.set(view, figures);
  return figures;
}

const selectedOf = ({ snapshot }: StatsView) =>
  snapshot.context.provinces.find((p) => p.value === snapshot.context.selected);

export function ColumnCard({ view }: { view: StatsView }) {
  const { type, measure, snapshot, statistics, fileSuffix } = view;
  const { rows } = snapshot.context;
  return (
    <ChartCard
      title={columnTitleOf(measure)}
      fileName={`column-${type.route}${fileSuffix}`}
      testId="column-card"
      {...provinceFiguresOf(view)}
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
  const { type, measure, snapshot, statistics, fileSuffix } = view;
  const { rows } = snapshot.context;
  return (
    <ChartCard
      title={t.stats.mapTitle}
      fileName={`map-${type.route}${fileSuffix}`}
      testId="map-card"
      {...provinceFiguresOf(view)}
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
  // Per capita, the pie's province (or Iran) people of the measure's denominator: its shares per 100,000 of them.
  const perCapita = perCapitaOf(measure);
  const population = perCapita?.peopleOf(selected === ALL_PROVINCES ? null : selected) ?? 0;
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
      summary={shown ? pieSummary(pie, perCapita ? { perCapita, population } : null) : null}
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
          perCapitaOf={perCapita ? { perCapita, population, place: provinceLabel(selected) } : null}
        />
      ) : null}
    </ChartCard>
  );
}

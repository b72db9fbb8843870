/**
 * The figures the province cards show, as a table (the accessible view and the print) and as a file (CSV, ASCII
 * digits), each made once here for every card that shows them: per province (the column and map charts) and per
 * value of the pie (gender, in one province or all of Iran). Per capita adds the denominator's people and the rate.
 */
import type { ChartRow, PiePoint } from '../../domain/gateway';
import { ratePer100k } from '../../domain/population';
import { formatCount, formatShare } from '../i18n/format';
import { provinceName } from '../i18n/names';
import { t } from '../i18n/words';
import { fileShare, toCsv } from '../ui/csv';
import type { TableData } from './DataTable';
import { formatRate, perCapitaOf, valueOf, type Measure } from './measure';

/** The provinces' figures as a file: the count always; per capita, also the denominator's people and the rate. */
export function provinceCsv(rows: readonly ChartRow[], measure: Measure): string {
  const perCapita = perCapitaOf(measure);
  return perCapita
    ? toCsv(
        [
          t.stats.provinceFaColumn,
          t.stats.provinceEnColumn,
          t.stats.count,
          perCapita.words.people,
          perCapita.words.label,
        ],
        rows.map((r) => [
          r.OstanName,
          r.LocationEnName,
          r.Count,
          perCapita.peopleOf(r.LocationEnName),
          valueOf(r, measure).toFixed(4),
        ]),
      )
    : toCsv(
        [t.stats.provinceFaColumn, t.stats.provinceEnColumn, t.stats.count],
        rows.map((r) => [r.OstanName, r.LocationEnName, r.Count]),
      );
}

/** The provinces' figures as a table, largest first; a row opens its province (as a click on its column does). */
export function provinceTable(
  rows: readonly ChartRow[],
  measure: Measure,
  caption: string,
  onOpen: (enName: string) => void,
): TableData {
  const perCapita = perCapitaOf(measure);
  return {
    caption,
    headers: perCapita
      ? [t.stats.province, t.stats.count, perCapita.words.people, perCapita.words.label]
      : [t.stats.province, t.stats.count],
    rows: [...rows]
      .sort((a, b) => valueOf(b, measure) - valueOf(a, measure))
      .map((r) => ({
        key: r.LocationEnName,
        cells: [
          provinceName(r.LocationEnName, r.OstanName),
          formatCount(r.Count),
          ...(perCapita ? [formatCount(perCapita.peopleOf(r.LocationEnName)), formatRate(valueOf(r, measure))] : []),
        ],
        onOpen: () => onOpen(r.LocationEnName),
      })),
  };
}

/** The pie's values: each one's count, its share and, per capita, its rate among `population` people. */
export function pieTable(pie: readonly PiePoint[], measure: Measure, caption: string, population: number): TableData {
  const total = pie.reduce((s, p) => s + p.Count, 0);
  const perCapita = perCapitaOf(measure);
  return {
    caption,
    headers: [t.stats.pieTitle, t.stats.count, t.percentSign, ...(perCapita ? [perCapita.words.label] : [])],
    rows: pie.map((p) => ({
      key: p.Name,
      cells: [
        p.Name,
        formatCount(p.Count),
        formatShare(p.Count, total),
        ...(perCapita ? [formatRate(ratePer100k(p.Count, population))] : []),
      ],
    })),
  };
}

export function pieCsv(pie: readonly PiePoint[], measure: Measure, population: number): string {
  const total = pie.reduce((s, p) => s + p.Count, 0);
  const perCapita = perCapitaOf(measure);
  return perCapita
    ? toCsv(
        [t.stats.pieTitle, t.stats.count, '%', perCapita.words.people, perCapita.words.label],
        pie.map((p) => [
          p.Name,
          p.Count,
          fileShare(p.Count, total),
          population,
          ratePer100k(p.Count, population).toFixed(2),
        ]),
      )
    : toCsv(
        [t.stats.pieTitle, t.stats.count, '%'],
        pie.map((p) => [p.Name, p.Count, fileShare(p.Count, total)]),
      );
}

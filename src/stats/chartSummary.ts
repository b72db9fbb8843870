/**
 * Each chart in one Persian sentence, generated from its data: under the chart for everyone, and what a
 * screen reader hears of it. The provinces' sentence names the highest and lowest province, the total (or the
 * country's rate) and how many provinces have none; the pie's names the largest share (and its rate, per capita).
 */
import type { ChartRow, PiePoint } from '../../domain/gateway';
import { ratePer100k } from '../../domain/population';
import { t } from '../i18n/words';
import { provinceName } from '../i18n/names';
import { valueName } from '../i18n/values';
import { formatCount, formatShare } from '../i18n/format';
import { formatRate, formatValue, perCapitaOf, valueOf, type Measure, type PerCapita } from './measure';

export function provinceSummary(rows: readonly ChartRow[], measure: Measure): string {
  const total = rows.reduce((sum, row) => sum + row.Count, 0);
  if (total === 0) return t.summary.nothing;
  const valued = rows.map((row) => ({
    name: provinceName(row.LocationEnName, row.OstanName),
    value: valueOf(row, measure),
  }));
  const some = valued.filter((v) => v.value > 0).sort((a, b) => b.value - a.value);
  const highest = some[0]!;
  const lowest = some[some.length - 1]!;
  const none = valued.length - some.length;
  const perCapita = perCapitaOf(measure);
  const parts = [
    t.summary.highest(highest.name, formatValue(highest.value, measure)),
    t.summary.lowest(lowest.name, formatValue(lowest.value, measure)),
    perCapita
      ? perCapita.words.country(formatRate(ratePer100k(total, perCapita.peopleOf(null))))
      : t.summary.total(formatCount(total)),
    none > 0 ? t.summary.none(none, formatCount(none)) : t.summary.everywhere,
  ];
  return `${parts.join(t.clauseSeparator)}.${perCapita ? ` ${t.perCapita.source}.` : ''}`;
}

/** `rated`: per capita, the denominator and the people of it the pie's province (or Iran) has; null for counts. */
export function pieSummary(
  points: readonly PiePoint[],
  rated: { perCapita: PerCapita; population: number } | null = null,
): string {
  const total = points.reduce((sum, p) => sum + p.Count, 0);
  if (total === 0) return t.summary.nothing;
  const largest = [...points].sort((a, b) => b.Count - a.Count)[0]!;
  const share = t.summary.largestShare(
    valueName(largest.Name),
    formatShare(largest.Count, total),
    formatCount(largest.Count),
    formatCount(total),
  );
  if (rated === null) return share;
  const rate = formatRate(ratePer100k(largest.Count, rated.population));
  return `${share} ${rated.perCapita.words.largest(rate)} ${t.perCapita.source}.`;
}

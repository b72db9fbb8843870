/** What every exported chart of a type's statistics says about itself: the type, the filters, the dates, the source. */
import type { Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import { filterSummary } from '../filters';
import { formatDay, updatedOn } from '../i18n/format';
import { typeTitle } from '../i18n/names';
import { t } from '../i18n/words';
import type { ExportCaption } from './exportChart';

export function exportCaption(
  type: LocationType,
  filters: Filters,
  updatedAt: string | null,
  more: { lines?: readonly string[]; sources?: readonly string[] } = {},
): ExportCaption {
  return {
    title: typeTitle(type),
    lines: [filterSummary(filters), ...(more.lines ?? [])].filter((line): line is string => line !== null),
    dates: [updatedOn(updatedAt), t.stats.exportedOn(formatDay(new Date().toISOString()) ?? '')].filter(
      (line): line is string => line !== null,
    ),
    sources: [t.stats.exportSource, ...(more.sources ?? [])],
  };
}

/** The same caption with more lines and sources (a card that adds its own choice and denominator). */
export const withMore = (
  caption: ExportCaption,
  more: { lines?: readonly string[]; sources?: readonly string[] },
): ExportCaption => ({
  ...caption,
  lines: [...caption.lines, ...(more.lines ?? [])],
  sources: [...caption.sources, ...(more.sources ?? [])],
});

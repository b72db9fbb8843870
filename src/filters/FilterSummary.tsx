/** The filters in force, in words ("Filter: gender: women's, mixed; legal status: state"), or nothing without any. */
import { Text } from '@mantine/core';
import { FACET_KEYS, isFiltered, type Filters } from '../../domain/filters';
import { t } from '../i18n/words';
import { valueName } from '../i18n/values';

export function filterSummary(filters: Filters): string | null {
  if (!isFiltered(filters)) return null;
  const parts = FACET_KEYS.filter((key) => filters[key].length > 0).map(
    (key) =>
      `${t.filters.facet[key]}: ${filters[key].map((v) => (v ? valueName(v) : t.filters.blank)).join(t.listSeparator)}`,
  );
  return t.filters.active(parts.join(t.clauseSeparator));
}

export function FilterSummary({ filters }: { filters: Filters }) {
  const summary = filterSummary(filters);
  return summary === null ? null : (
    <Text size="sm" c="blue.9" data-testid="filter-summary">
      {summary}
    </Text>
  );
}

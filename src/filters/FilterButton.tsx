/**
 * The filters: a button in the tab bar (with how many values are chosen) opening a panel of each filter's
 * values as checkable chips, each with its count under the other filters. Choosing changes the address,
 * and every screen follows it; "clear" removes them all.
 */
import { Button, Chip, Group, MultiSelect, Popover, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useId } from 'react';
import { FACET_KEYS, NO_FILTERS, foldFacet, isFiltered, type FacetKey, type Filters } from '../../domain/filters';
import type { FacetCount } from '../../domain/wire/answers';
import { PHONE_MEDIA_QUERY } from '../../domain/breakpoints';
import { AUDIENCES, audienceOf, gendersOf, type AudienceKey } from '../../domain/audiences';
import { ALL_PROVINCES } from '../../domain/gateway';
import type { LocationType } from '../../domain/locationTypes';
import { t } from '../i18n/words';
import { valueName } from '../i18n/values';
import { typeTitle } from '../i18n/names';
import { formatCount } from '../i18n/format';
import { failureText } from '../i18n/failureText';
import { FailureAlert } from '../ui/Feedback';
import { useQuery } from '../ui/useQuery';
import { foldedFilter } from '../ui/foldedFilter';
import { pushFilters, useFilters } from '../url/filters';
import { useBackStep } from '../url/backStep';
import { liveFacetsMachine } from './liveFacets';

/** The values to offer: those counted in scope, and any chosen value the scope no longer has (count 0). */
function offered(counts: readonly FacetCount[], chosen: readonly string[]): FacetCount[] {
  const listed = new Set(counts.map((c) => foldFacet(c.Value)));
  return [...counts, ...chosen.filter((v) => !listed.has(foldFacet(v))).map((Value) => ({ Value, Count: 0 }))];
}

/** The chosen values of a facet, spelled as offered (a link may spell them otherwise). */
const chosenAmong = (values: readonly FacetCount[], chosen: readonly string[]) => {
  const wanted = new Set(chosen.map(foldFacet));
  return values.filter((v) => wanted.has(foldFacet(v.Value))).map((v) => v.Value);
};

/** Beyond this many values a filter is a searchable list instead of chips (the supervising offices are 31). */
const MAX_CHIPS = 8;

function FacetGroup({ facet, values, filters }: { facet: FacetKey; values: FacetCount[]; filters: Filters }) {
  const legend = useId();
  if (values.length === 0) return null;
  const label = (value: FacetCount) =>
    `${value.Value ? valueName(value.Value) : t.filters.blank} (${formatCount(value.Count)})`;
  if (values.length > MAX_CHIPS)
    return (
      <MultiSelect
        label={t.filters.facet[facet]}
        placeholder={filters[facet].length === 0 ? t.filters.any : undefined}
        data={values.map((value) => ({ value: value.Value, label: label(value) }))}
        value={chosenAmong(values, filters[facet])}
        onChange={(chosen) => pushFilters({ ...filters, [facet]: chosen })}
        searchable
        filter={foldedFilter}
        nothingFoundMessage={t.filters.noValue}
        clearable
        clearButtonProps={{ 'aria-label': t.filters.clearOne(t.filters.facet[facet]) }}
        // In the panel's own tree: a list in a portal would count as a click outside and close the panel.
        comboboxProps={{ withinPortal: false }}
        maxDropdownHeight={220}
        // The options list itself scrolls and can be focused, so the keyboard can scroll it too.
        withScrollArea={false}
        styles={{ options: { maxHeight: 220, overflowY: 'auto' } }}
        attributes={{ options: { tabIndex: 0 } }}
      />
    );
  return (
    <div role="group" aria-labelledby={legend} className="facet-group">
      <Text id={legend} fw={700} size="sm" mb={4}>
        {t.filters.facet[facet]}
      </Text>
      <Chip.Group
        multiple
        value={chosenAmong(values, filters[facet])}
        onChange={(chosen) => pushFilters({ ...filters, [facet]: chosen })}
      >
        <Group gap={6}>
          {values.map(({ Value, Count }) => (
            <Chip key={Value} value={Value} size="sm" variant="outline">
              {label({ Value, Count })}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  );
}

/**
 * Who the centres are open to: women (women's and mixed centres) or men (men's and mixed), a shortcut that sets
 * the gender filter to those values, so a visitor need not know that mixed centres count.
 */
function AudienceChoice({ genders, filters }: { genders: readonly FacetCount[]; filters: Filters }) {
  const offeredValues = genders.map((g) => g.Value);
  const usable = AUDIENCES.filter((a) => gendersOf(a.key, offeredValues).length > 1);
  if (usable.length === 0) return null;
  const current = filters.gender.length === 0 ? 'all' : (audienceOf(filters.gender) ?? null);
  return (
    <div>
      <SegmentedControl
        fullWidth
        size="xs"
        aria-label={t.filters.audience.label}
        value={current ?? ''}
        onChange={(value) =>
          pushFilters({
            ...filters,
            gender: value === 'all' ? [] : gendersOf(value as AudienceKey, offeredValues),
          })
        }
        data={[
          { value: 'all', label: t.filters.audience.all },
          ...usable.map((a) => ({ value: a.key, label: t.filters.audience[a.key] })),
        ]}
        data-testid="audience"
      />
      <Text size="xs" c="dimmed" mt={2}>
        {t.filters.audience.help}
      </Text>
    </div>
  );
}

export function FilterButton({ type }: { type: LocationType }) {
  const filters = useFilters();
  const facets = useQuery(
    liveFacetsMachine,
    { typeId: type.typeId, ostan: ALL_PROVINCES, filters, open: false },
    { typeId: type.typeId, filters },
  );
  const { answer, error } = facets;
  const chosenCount = FACET_KEYS.reduce((sum, key) => sum + filters[key].length, 0);
  const title = useId();
  const open = facets.scope.open;
  const setOpen = (opened: boolean) => facets.change({ open: opened });
  useBackStep(open, () => setOpen(false));
  // Read at once, not after the first paint: the word would show and then vanish on every phone visit.
  const phone = useMediaQuery(PHONE_MEDIA_QUERY, undefined, { getInitialValueInEffect: false });
  return (
    <Popover position="bottom-end" width={340} shadow="md" trapFocus returnFocus opened={open} onChange={setOpen}>
      <Popover.Target>
        <Button
          variant={chosenCount > 0 ? 'filled' : 'subtle'}
          size="compact-sm"
          className="filter-button no-print"
          leftSection={<IconFilter size={16} aria-hidden />}
          onClick={() => setOpen(!open)}
        >
          {/* On a phone only the icon and the count show: the type's title beside the tabs needs the room. */}
          <span>
            <span className={phone ? 'visually-hidden' : undefined}>{t.filters.button}</span>
            {chosenCount > 0 ? ` (${formatCount(chosenCount)})` : null}
          </span>
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-labelledby={title} className="filter-panel" mah="calc(100dvh - 130px)">
        <Stack gap="sm">
          <Text id={title} fw={700}>
            {t.filters.title(typeTitle(type))}
          </Text>
          {facets.status === 'failed' ? (
            <FailureAlert title={t.filters.failed} message={failureText(error) ?? ''} onRetry={facets.retry} />
          ) : answer === null ? (
            <Text size="sm" c="dimmed" role="status">
              {t.loading}
            </Text>
          ) : (
            <>
              <AudienceChoice genders={answer.gender} filters={filters} />
              {FACET_KEYS.map((facet) => (
                <FacetGroup
                  key={facet}
                  facet={facet}
                  values={offered(answer[facet], filters[facet])}
                  filters={filters}
                />
              ))}
            </>
          )}
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t.filters.help}
            </Text>
            <Button
              variant="light"
              size="compact-sm"
              disabled={!isFiltered(filters)}
              onClick={() => pushFilters(NO_FILTERS)}
            >
              {t.filters.clear}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

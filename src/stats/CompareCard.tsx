/**
 * Provinces side by side: 2 to 4 provinces chosen (kept in the address), and for each type its count, rate
 * per 100,000 people (2016 census), rank among the 31 and gender split in each, one table that prints on a page.
 */
import { MultiSelect, Stack, Table, Text } from '@mantine/core';
import { COMPARE_PROVINCES, type CompareCell } from '../../domain/compare';
import type { Filters } from '../../domain/filters';
import { PROVINCES } from '../../domain/provinces';
import { t } from '../i18n/words';
import { provinceName, typeTitle } from '../i18n/names';
import { valueName } from '../i18n/values';
import { typeById } from '../../domain/locationTypes';
import { formatCount } from '../i18n/format';
import { failureText } from '../i18n/failureText';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { useQuery } from '../ui/useQuery';
import { foldedFilter } from '../ui/foldedFilter';
import { setCompared, useCompared } from '../url/compare';
import { liveCompareMachine } from './liveMachines';
import { formatRate } from './measure';
import { StatsCardFrame } from './StatsCardFrame';

/** A type's title in the page's language (the answer carries the Persian one). */
const titleOf = (typeId: string, title: string) => {
  const type = typeById(typeId);
  return type ? typeTitle(type) : title;
};

const OPTIONS = PROVINCES.map((p) => ({ value: p.name_en, label: provinceName(p.name_en, p.name_fa) }));

function Cell({ cell }: { cell: CompareCell }) {
  return (
    <Stack gap={0}>
      <Text fw={700}>{formatCount(cell.Count)}</Text>
      <Text size="xs">{t.compare.rate(formatRate(cell.Per100k))}</Text>
      <Text size="xs">{t.compare.rank(formatCount(cell.Rank), formatCount(PROVINCES.length))}</Text>
      {cell.Gender.length > 0 ? (
        <Text size="xs" c="dimmed">
          {cell.Gender.map((g) => `${g.Value ? valueName(g.Value) : t.filters.blank} ${formatCount(g.Count)}`).join(
            t.listSeparator,
          )}
        </Text>
      ) : null}
    </Stack>
  );
}

export function CompareCard({ filters }: { filters: Filters }) {
  const chosen = useCompared();
  const compare = useQuery(liveCompareMachine, { provinces: chosen, filters });
  const { shown: answer, error } = compare;
  return (
    <StatsCardFrame title={t.compare.heading} testId="compare-card" className="compare-card">
      <Stack gap="sm">
        <MultiSelect
          label={t.compare.choose}
          description={t.compare.help(formatCount(COMPARE_PROVINCES.min), formatCount(COMPARE_PROVINCES.max))}
          data={OPTIONS}
          value={chosen}
          onChange={setCompared}
          maxValues={COMPARE_PROVINCES.max}
          // The options list itself scrolls and can be focused, so the keyboard can scroll it too.
          withScrollArea={false}
          styles={{ options: { maxHeight: 220, overflowY: 'auto' } }}
          attributes={{ options: { tabIndex: 0 } }}
          searchable
          filter={foldedFilter}
          clearable
          clearButtonProps={{ 'aria-label': t.compare.clear }}
          className="no-print"
          data-testid="compare-select"
        />
        {compare.status === 'failed' ? (
          <FailureAlert title={t.compare.failed} message={failureText(error) ?? ''} onRetry={compare.retry} />
        ) : null}
        {compare.status === 'loading' ? <BusyIndicator height={120} /> : null}
        {compare.status === 'shown' && answer ? (
          <div className="compare-scroll" tabIndex={0} role="group" aria-label={t.compare.heading}>
            <Table withTableBorder withColumnBorders striped fz="sm" data-testid="compare-table">
              <caption className="visually-hidden">{t.compare.caption}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t.compare.type}</Table.Th>
                  {answer.Provinces.map((p) => (
                    <Table.Th key={p.EnName} scope="col">
                      {provinceName(p.EnName, p.NameFa)}
                      <Text size="xs" c="dimmed" fw={400}>
                        {t.compare.population(formatCount(p.Population))}
                      </Text>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.Types.map((type) => (
                  <Table.Tr key={type.TypeId}>
                    <Table.Th scope="row">{titleOf(type.TypeId, type.Title)}</Table.Th>
                    {type.Cells.map((cell) => (
                      <Table.Td key={cell.EnName}>
                        <Cell cell={cell} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed" mt={4}>
              {t.perCapita.source}
            </Text>
          </div>
        ) : null}
      </Stack>
    </StatsCardFrame>
  );
}

/** The numbers behind a chart as a table: the chart's alternative for screen readers and the keyboard. */
import { Button, Table } from '@mantine/core';
import { t } from '../i18n/words';

/**
 * Columns that share the first part of their name, drawn under one heading that spans them: "Farther: Now" and
 * "Farther: With the plan" as "Farther" over "Now" and "With the plan", so that a narrow screen wraps two words
 * a column rather than six (at 375 px each such heading stood seven lines tall).
 */
export interface HeaderGroup {
  group: string;
  columns: string[];
}

export interface TableData {
  caption: string;
  headers: (string | HeaderGroup)[];
  rows: { key: string; cells: (string | number)[]; onOpen?(): void }[];
}

const isGroup = (header: string | HeaderGroup): header is HeaderGroup => typeof header !== 'string';

export function DataTable({ data }: { data: TableData }) {
  const withActions = data.rows.some((row) => row.onOpen);
  const grouped = data.headers.some(isGroup);
  // Two heading rows where a heading spans columns: the others stand in both.
  const rowSpan = grouped ? 2 : undefined;
  return (
    <Table striped withTableBorder mt="xs" fz="sm" className="data-table">
      <caption className="visually-hidden">{data.caption}</caption>
      {grouped
        ? data.headers.map((header, i) => <colgroup key={i} span={isGroup(header) ? header.columns.length : 1} />)
        : null}
      <Table.Thead>
        <Table.Tr>
          {data.headers.map((header) =>
            isGroup(header) ? (
              <Table.Th key={header.group} scope="colgroup" colSpan={header.columns.length} ta="center">
                {header.group}
              </Table.Th>
            ) : (
              <Table.Th key={header} scope="col" rowSpan={rowSpan}>
                {header}
              </Table.Th>
            ),
          )}
          {withActions ? (
            <Table.Th scope="col" rowSpan={rowSpan}>
              <span className="visually-hidden">{t.stats.openList}</span>
            </Table.Th>
          ) : null}
        </Table.Tr>
        {grouped ? (
          <Table.Tr>
            {data.headers.filter(isGroup).flatMap((header) =>
              header.columns.map((column) => (
                <Table.Th key={`${header.group}/${column}`} scope="col">
                  {column}
                </Table.Th>
              )),
            )}
          </Table.Tr>
        ) : null}
      </Table.Thead>
      <Table.Tbody>
        {data.rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <Table.Th key={i} scope="row">
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={i}>{cell}</Table.Td>
              ),
            )}
            {withActions ? (
              <Table.Td>
                {row.onOpen ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={row.onOpen}
                    aria-label={`${t.stats.openList}: ${row.cells[0]}`}
                  >
                    {t.stats.openList}
                  </Button>
                ) : null}
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

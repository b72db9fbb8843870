/** The numbers behind a chart as a table: the chart's alternative for screen readers and the keyboard. */
import { Button, Table } from '@mantine/core';
import { t } from '../i18n/words';

export interface TableData {
  caption: string;
  headers: string[];
  rows: { key: string; cells: (string | number)[]; onOpen?(): void }[];
}

export function DataTable({ data }: { data: TableData }) {
  const withActions = data.rows.some((row) => row.onOpen);
  return (
    <Table striped withTableBorder mt="xs" fz="sm" className="data-table">
      <caption className="visually-hidden">{data.caption}</caption>
      <Table.Thead>
        <Table.Tr>
          {data.headers.map((header) => (
            <Table.Th key={header} scope="col">
              {header}
            </Table.Th>
          ))}
          {withActions ? (
            <Table.Th scope="col">
              <span className="visually-hidden">{t.stats.openList}</span>
            </Table.Th>
          ) : null}
        </Table.Tr>
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

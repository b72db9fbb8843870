/** The file's columns, what each holds and whether it must be given, and a template to start a file from. */
import { Button, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { IMPORT_COLUMNS, REQUIRED_COLUMNS } from '../../domain/importColumns';
import { t } from '../i18n/words';
import { download } from '../ui/download';
import { TEMPLATE_FILE, templateCsv } from './importTemplate';

export function ImportColumns() {
  const w = t.desk.upload;
  return (
    <details data-testid="import-columns">
      <summary>
        <Text span size="sm" fw={600}>
          {w.columnsHeading}
        </Text>
      </summary>
      <Button
        variant="light"
        size="xs"
        mt="xs"
        leftSection={<IconDownload size={14} />}
        onClick={() => download(new Blob([templateCsv()], { type: 'text/csv;charset=utf-8' }), TEMPLATE_FILE)}
        data-testid="template"
      >
        {w.template}
      </Button>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={w.columnsHeading}>
        <Table striped withTableBorder mt="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{w.column}</Table.Th>
              <Table.Th>{w.meaning}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {IMPORT_COLUMNS.map((column) => (
              <Table.Tr key={column}>
                <Table.Td>
                  <bdi>{column}</bdi>
                  {REQUIRED_COLUMNS.includes(column) ? ` (${w.required})` : ''}
                </Table.Td>
                <Table.Td>{w.columnMeanings[column]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </details>
  );
}

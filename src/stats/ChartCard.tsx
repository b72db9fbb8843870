/** A titled chart with an export menu: PNG and SVG of what is drawn, CSV of the data behind it. */
import { useId, useRef, type ReactNode } from 'react';
import { ActionIcon, Button, Menu, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconFileSpreadsheet, IconPhoto, IconVector } from '@tabler/icons-react';
import { t } from '../i18n/words';
import { DataTable, type TableData } from './DataTable';
import { StatsCardFrame } from './StatsCardFrame';
import { exportCsv, exportPng, exportSvg, legendBeside, type ExportCaption } from './exportChart';

interface ChartCardProps {
  title: string;
  /** What the exported pictures say about themselves (the chart's title is added to its title). */
  caption: ExportCaption;
  fileName: string;
  csv(): string;
  /** The chart's numbers, shown as a table on request (and read by screen readers in place of the drawing). */
  table: TableData | null;
  /** The chart in one sentence, under it (null while there is nothing to say). */
  summary?: string | null;
  children: ReactNode;
  testId: string;
}

export function ChartCard({ title, caption, fileName, csv, table, summary = null, children, testId }: ChartCardProps) {
  const chart = useRef<HTMLDivElement>(null);
  const framed = () => ({ ...caption, title: `${caption.title}: ${title}` });
  const [tableShown, { toggle }] = useDisclosure(false);
  const tableId = useId();
  // The chart's own drawing first: a card's controls before it (a chip's tick, a button's icon) are svg too, and a
  // selector list gave whichever came first in the page.
  const svg = () =>
    chart.current?.querySelector<SVGSVGElement>('svg[role="img"]') ??
    chart.current?.querySelector<SVGSVGElement>('svg');
  return (
    <StatsCardFrame
      title={title}
      testId={testId}
      beside={
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`${t.stats.export}: ${title}`}>
              <IconDownload size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconPhoto size={16} />}
              onClick={() => void (svg() && exportPng(svg()!, fileName, framed(), legendBeside(chart.current)))}
            >
              {t.stats.exportPng}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconVector size={16} />}
              onClick={() => void (svg() && exportSvg(svg()!, fileName, framed(), legendBeside(chart.current)))}
            >
              {t.stats.exportSvg}
            </Menu.Item>
            <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => exportCsv(csv(), fileName)}>
              {t.stats.exportCsv}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      }
    >
      {/* Each chart is one named image to assistive technology; its numbers are in the table below. */}
      <div ref={chart} className="chart-drawing">
        {children}
      </div>
      {summary ? (
        <Text size="sm" mt="xs" className="chart-summary" data-testid={`${testId}-summary`}>
          {summary}
        </Text>
      ) : null}
      {table ? (
        <>
          <Button
            variant="subtle"
            size="compact-sm"
            mt="xs"
            onClick={toggle}
            aria-expanded={tableShown}
            aria-controls={tableId}
            className="no-print"
          >
            {tableShown ? t.stats.hideTable : t.stats.showTable}
          </Button>
          <div id={tableId} hidden={!tableShown}>
            {tableShown ? <DataTable data={table} /> : null}
          </div>
        </>
      ) : null}
    </StatsCardFrame>
  );
}

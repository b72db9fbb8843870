/** A titled chart with an export menu: PNG and SVG of what is drawn, CSV of the data behind it. */
import { useRef, type ReactNode } from 'react';
import { ActionIcon, Group, Menu, Paper, Title } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconPhoto, IconVector } from '@tabler/icons-react';
import { fa } from '../i18n/fa';
import { exportCsv, exportPng, exportSvg } from './exportChart';

interface ChartCardProps {
  title: string;
  fileName: string;
  csv(): string;
  children: ReactNode;
  testId: string;
}

export function ChartCard({ title, fileName, csv, children, testId }: ChartCardProps) {
  const chart = useRef<HTMLDivElement>(null);
  const svg = () => chart.current?.querySelector<SVGSVGElement>('svg[role="img"], svg');
  return (
    <Paper withBorder radius="md" p="sm" className="chart-card" data-testid={testId}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`${fa.stats.export}: ${title}`}>
              <IconDownload size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPhoto size={16} />} onClick={() => void (svg() && exportPng(svg()!, fileName))}>
              {fa.stats.exportPng}
            </Menu.Item>
            <Menu.Item leftSection={<IconVector size={16} />} onClick={() => void (svg() && exportSvg(svg()!, fileName))}>
              {fa.stats.exportSvg}
            </Menu.Item>
            <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => exportCsv(csv(), fileName)}>
              {fa.stats.exportCsv}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <div ref={chart}>{children}</div>
    </Paper>
  );
}

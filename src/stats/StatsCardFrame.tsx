/**
 * Every card of the statistics tab sits in this frame: a bordered panel, its title as the card's heading, and what
 * the card adds beside the title (a chart's export menu). ChartCard is the frame with a chart's exports and table;
 * a card that answers with a form and a table (CompareCard, AreaCard) uses the frame as it is.
 */
import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

export function StatsCardFrame({
  title,
  testId,
  className,
  beside,
  children,
}: {
  title: string;
  testId: string;
  /** Classes beside `chart-card` (the tab's layout and print rules read it). */
  className?: string;
  /** What stands beside the title (an export menu). */
  beside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={className ? `chart-card ${className}` : 'chart-card'}
      data-testid={testId}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {title}
        </Title>
        {beside}
      </Group>
      {children}
    </Paper>
  );
}

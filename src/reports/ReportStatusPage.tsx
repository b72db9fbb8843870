/** A report's status, at the link its filing answered: what was reported, about which location, and what became of it. */
import { Anchor, Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { pathOfRoute } from '../../domain/locationTypes';
import type { ReportStatus } from '../../domain/reports';
import { failureText } from '../i18n/failureText';
import { formatCount, formatDay } from '../i18n/format';
import { t } from '../i18n/words';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { useQuery } from '../ui/useQuery';
import { liveReportStatusMachine } from './liveMachines';

const STATUS_COLOUR: Record<ReportStatus, string> = { open: 'gray', resolved: 'teal', rejected: 'red' };

export default function ReportStatusPage({ id }: { id: string }) {
  const { status, shown, error, retry } = useQuery(liveReportStatusMachine, { id });
  return (
    <Paper className="report-status" p="lg" m="md" withBorder>
      <Stack gap="sm">
        <Title order={1} size="h3">
          {t.report.statusHeading}
        </Title>
        {status === 'loading' ? <BusyIndicator /> : null}
        {status === 'failed' ? (
          <FailureAlert title={t.report.statusHeading} message={failureText(error)} onRetry={retry} />
        ) : null}
        {shown ? (
          <Stack gap="xs" data-testid="report-status">
            <Badge color={STATUS_COLOUR[shown.Status]} size="lg" variant="light" data-status={shown.Status}>
              {t.report.statuses[shown.Status]}
            </Badge>
            <Text fw={700}>{t.report.kinds[shown.Kind]}</Text>
            {shown.LocationName ? (
              <Text>
                {`${t.report.about} `}
                <bdi>{shown.LocationName}</bdi>
              </Text>
            ) : null}
            <Text size="sm">{t.report.filedAt(formatDay(shown.CreatedAt) ?? '')}</Text>
            {shown.DecidedAt ? <Text size="sm">{t.report.decidedAt(formatDay(shown.DecidedAt) ?? '')}</Text> : null}
            {shown.Note ? (
              <Text data-testid="report-note">
                <bdi>{shown.Note}</bdi>
              </Text>
            ) : null}
            {shown.ChangedInVersion !== null ? (
              <Text size="sm">{t.report.changedIn(formatCount(shown.ChangedInVersion))}</Text>
            ) : null}
            <Anchor href={shown.Route ? pathOfRoute(shown.Route) : '/'}>{t.report.back}</Anchor>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

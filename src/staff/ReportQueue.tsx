/** The public's reports for staff: filtered by type, province, kind and status, each decided with a note. */
import { Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMachineView } from '../ui/useMachineView';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { DISTINCT_TYPES, pathOfRoute, typeByRoute } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import {
  REPORT_KINDS,
  REPORT_NOTE_MAX,
  REPORT_STATUSES,
  type ReportKind,
  type ReportStatus,
} from '../../domain/reports';
import type { StaffReport } from '../../domain/wire/desk';
import type { QueueFilter, reportQueueMachine } from '../../machines/reportQueue';
import { changesFeedUrl } from '../api/desk';
import { withParams } from '../url/deepLink';
import { failureText } from '../i18n/failureText';
import { formatCount, formatDay } from '../i18n/format';
import { provinceName, typeTitle } from '../i18n/names';
import { t } from '../i18n/words';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';

type QueueActor = ActorRefFrom<typeof reportQueueMachine>;

function ReportCard({
  report,
  onDecide,
}: {
  report: StaffReport;
  onDecide(status: 'resolved' | 'rejected', note: string): void;
}) {
  // The note being written is the card's own until a decision sends it.
  const [note, setNote] = useState(report.Note);
  const type = typeByRoute(report.Route);
  const province = PROVINCES.find((p) => p.iso_3166_2 === report.Province);
  const w = t.desk.reports;
  return (
    <Card withBorder data-testid="report-card" data-report={report.Id} data-status={report.Status}>
      <Stack gap={6}>
        <Group gap="xs">
          <Badge variant="light">{t.report.kinds[report.Kind]}</Badge>
          <Badge
            variant="outline"
            color={report.Status === 'open' ? 'gray' : report.Status === 'resolved' ? 'teal' : 'red'}
          >
            {t.report.statuses[report.Status]}
          </Badge>
        </Group>
        <Text fw={700}>
          <bdi>{report.LocationName}</bdi>
        </Text>
        {/* The location as the public sees it, beside the desk rather than instead of it (a note may be half
            written): its fields to check against what the report says. Built from the type the app knows, never
            from the answer's text as it came. */}
        {type ? (
          <Anchor
            size="sm"
            w="fit-content"
            href={`${pathOfRoute(type.route)}${withParams('', { loc: report.Guid })}`}
            target="_blank"
            rel="noopener"
            data-testid="report-location"
          >
            {w.openLocation}
          </Anchor>
        ) : null}
        <Text size="sm">
          {[
            type ? typeTitle(type) : report.Route,
            province ? provinceName(province.name_en, province.name_fa) : '',
          ].join(t.listSeparator)}
        </Text>
        <Text>
          <bdi>{report.Text}</bdi>
        </Text>
        <Text size="xs" c="dimmed">
          {[formatDay(report.CreatedAt), w.seenVersion(formatCount(report.SeenVersion))].join(t.listSeparator)}
          {report.ChangedInVersion !== null
            ? `${t.listSeparator}${w.changedIn(formatCount(report.ChangedInVersion))}`
            : ''}
          {report.DecidedBy ? `${t.listSeparator}${w.decidedBy(report.DecidedBy)}` : ''}
        </Text>
        <Textarea
          label={w.note}
          value={note}
          maxLength={REPORT_NOTE_MAX}
          autosize
          minRows={1}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group gap="xs">
          <Button size="xs" onClick={() => onDecide('resolved', note)} data-testid="resolve">
            {w.resolve}
          </Button>
          <Button size="xs" variant="default" onClick={() => onDecide('rejected', note)}>
            {w.reject}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function ReportQueue({ actor }: { actor: QueueActor }) {
  const snapshot = useMachineView(actor);
  const { filter, reports, error } = snapshot.context;
  const w = t.desk.reports;
  const any = { value: '', label: w.any };
  const set = (part: Partial<QueueFilter>) => actor.send({ type: 'FILTER', filter: part });
  const orNull = <T extends string>(value: string) => (value === '' ? null : (value as T));
  return (
    <Stack gap="md" data-testid="report-queue" data-state={String(snapshot.value)}>
      <Title order={2} size="h4">
        {w.heading}
      </Title>
      <Group gap="sm" align="end" role="group" aria-label={w.filters}>
        <NativeSelect
          label={t.desk.upload.type}
          value={filter.type ?? ''}
          data={[any, ...DISTINCT_TYPES.map((ty) => ({ value: ty.route, label: typeTitle(ty) }))]}
          onChange={(event) => set({ type: orNull(event.currentTarget.value) })}
        />
        <NativeSelect
          label={t.desk.upload.province}
          value={filter.province ?? ''}
          data={[any, ...PROVINCES.map((p) => ({ value: p.iso_3166_2, label: provinceName(p.name_en, p.name_fa) }))]}
          onChange={(event) => set({ province: orNull(event.currentTarget.value) })}
        />
        <NativeSelect
          label={t.desk.upload.kind}
          value={filter.kind ?? ''}
          data={[any, ...REPORT_KINDS.map((k) => ({ value: k, label: t.report.kinds[k] }))]}
          onChange={(event) => set({ kind: orNull<ReportKind>(event.currentTarget.value) })}
        />
        <NativeSelect
          label={w.status}
          value={filter.status ?? ''}
          data={[any, ...REPORT_STATUSES.map((s) => ({ value: s, label: t.report.statuses[s] }))]}
          onChange={(event) => set({ status: orNull<ReportStatus>(event.currentTarget.value) })}
          data-testid="status-filter"
        />
        <Anchor href={changesFeedUrl(filter.type, filter.province)}>{w.feed}</Anchor>
      </Group>
      {snapshot.matches('loading') || snapshot.matches('deciding') ? <BusyIndicator /> : null}
      {snapshot.matches('failed') ? (
        <FailureAlert title={w.heading} message={failureText(error)} onRetry={() => actor.send({ type: 'RETRY' })} />
      ) : null}
      {snapshot.matches('shown') && reports.length === 0 ? <Text c="dimmed">{w.empty}</Text> : null}
      {snapshot.matches('shown')
        ? reports.map((report) => (
            <ReportCard
              key={report.Id}
              report={report}
              onDecide={(Status, Note) =>
                actor.send({ type: 'DECIDE', id: report.Id, decision: { Status, Note, Seen: report.DecidedAt } })
              }
            />
          ))
        : null}
    </Stack>
  );
}

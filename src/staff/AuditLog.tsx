/** The audit log: who did what, when, at which dataset version (newest first). */
import { Button, Table, Title, Stack } from '@mantine/core';
import { failureText } from '../i18n/failureText';
import { formatCount, formatMoment } from '../i18n/format';
import { t } from '../i18n/words';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { useQuery } from '../ui/useQuery';
import { liveAuditMachine } from './liveMachines';
import { useState } from 'react';

export function AuditLog() {
  // Each press asks again: the question's scope is how many times it was asked.
  const [asked, setAsked] = useState(0);
  const { status, answer, error, retry } = useQuery(liveAuditMachine, { asked });
  const w = t.desk.audit;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {w.heading}
      </Title>
      <Button variant="default" w="fit-content" size="xs" onClick={() => setAsked((n) => n + 1)}>
        {t.retry}
      </Button>
      {status === 'loading' ? <BusyIndicator /> : null}
      {status === 'failed' ? <FailureAlert title={w.heading} message={failureText(error)} onRetry={retry} /> : null}
      {answer ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={w.heading}>
          <Table striped withTableBorder data-testid="audit">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{w.when}</Table.Th>
                <Table.Th>{w.who}</Table.Th>
                <Table.Th>{w.what}</Table.Th>
                <Table.Th>{w.detail}</Table.Th>
                <Table.Th>{w.version}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.map((e, i) => (
                <Table.Tr key={`${e.At}-${i}`}>
                  <Table.Td>{formatMoment(e.At)}</Table.Td>
                  <Table.Td>
                    <bdi>{e.Name}</bdi>
                  </Table.Td>
                  <Table.Td>
                    <bdi>{e.Action}</bdi>
                  </Table.Td>
                  <Table.Td>
                    <bdi>{e.Detail}</bdi>
                  </Table.Td>
                  <Table.Td>{formatCount(e.DatasetVersion)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      ) : null}
    </Stack>
  );
}

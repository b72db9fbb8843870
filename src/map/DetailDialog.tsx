/** The location detail dialog: 40% wide, 80% high; full screen on narrow phones. */
import { Button, Collapse, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_MEDIA_QUERY } from '../../domain/breakpoints';
import { DIALOG_WIDTH } from '../ui/dialogSize';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { liveDetailDialogMachine } from './liveMachines';
import type { LocationDetail } from '../../domain/gateway';
import { fa, updatedOn } from '../i18n/fa';
import { failureText } from '../i18n/failureText';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { DynamicFieldView } from './DynamicFieldView';

type DialogActor = ActorRefFrom<typeof liveDetailDialogMachine>;

function DetailBody({
  detail,
  updatedAt,
  showMore,
  onToggle,
}: {
  detail: LocationDetail;
  updatedAt: string | null;
  showMore: boolean;
  onToggle(): void;
}) {
  const rows: [string, string][] = [
    [fa.detail.gender, detail.Gender],
    [fa.detail.legal, detail.Legal],
    [fa.detail.phone, detail.PhoneNumber],
    [fa.detail.fax, detail.Fax],
    [fa.detail.address, detail.Address],
  ];
  return (
    <Stack gap="sm" data-testid="detail">
      {/* The dialog's own title is the first heading, NameMakanAmoozeshi. */}
      <Title order={3} size="h5" c="dimmed">
        {detail.Mogiyat}
      </Title>
      <Title order={4} size="h6" c="dimmed">
        {detail.ZirNazar}
      </Title>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="30%">{label}</Table.Th>
              <Table.Td>
                <bdi>{value}</bdi>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button variant="subtle" onClick={onToggle} aria-expanded={showMore} w="fit-content">
        {showMore ? fa.detail.lessDetails : fa.detail.moreDetails}
      </Button>
      <Collapse expanded={showMore}>
        <Stack gap="sm" data-testid="dynamic-fields">
          {detail.daynamicFields.length === 0 ? <Text c="dimmed">{fa.detail.noMoreDetails}</Text> : null}
          {detail.daynamicFields.map((field, i) => (
            <DynamicFieldView key={`${field.Label}-${i}`} field={field} />
          ))}
        </Stack>
      </Collapse>
      {updatedOn(updatedAt) ? (
        <Text size="xs" c="dimmed" data-testid="detail-updated">
          {updatedOn(updatedAt)}
        </Text>
      ) : null}
    </Stack>
  );
}

export function DetailDialog({ actor }: { actor: DialogActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  const open = !snapshot.matches('closed');
  return (
    <Modal
      opened={open}
      onClose={() => actor.send({ type: 'CLOSE' })}
      size={phone ? '100%' : DIALOG_WIDTH}
      fullScreen={phone}
      centered
      title={
        snapshot.context.detail?.NameMakanAmoozeshi ?? (snapshot.matches('failed') ? fa.errors.detailTitle : fa.loading)
      }
      classNames={{ content: 'detail-dialog-content', title: 'detail-dialog-title' }}
      closeButtonProps={{ 'aria-label': fa.close }}
    >
      {snapshot.matches('loading') || snapshot.matches('identifying') ? <BusyIndicator /> : null}
      {snapshot.matches('failed') ? (
        <FailureAlert
          title={fa.errors.detail}
          message={failureText(snapshot.context.error)}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      ) : null}
      {snapshot.matches('showing') && snapshot.context.detail ? (
        <DetailBody
          detail={snapshot.context.detail}
          updatedAt={snapshot.context.updatedAt}
          showMore={snapshot.context.showMore}
          onToggle={() => actor.send({ type: 'TOGGLE_MORE' })}
        />
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => actor.send({ type: 'CLOSE' })}>
          {fa.close}
        </Button>
      </Group>
    </Modal>
  );
}

/** The location detail dialog: 40% wide, 80% high; full screen on narrow phones. */
import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Collapse, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { telLinks, type LatLon } from '../../domain/directions';
import { isGone } from '../../machines/detailDialog';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_MEDIA_QUERY } from '../../domain/breakpoints';
import { DIALOG_WIDTH } from '../ui/dialogSize';
import { useMachineView } from '../ui/useMachineView';
import type { ActorRefFrom } from 'xstate';
import type { liveDetailDialogMachine } from './liveMachines';
import type { LocationDetail } from '../../domain/gateway';
import { t } from '../i18n/words';
import { phraseName, valueName } from '../i18n/values';
import { inPageDigits, updatedOn } from '../i18n/format';
import { failureText } from '../i18n/failureText';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { DetailActions } from './DetailActions';
import { ReportProblem } from '../reports';
import { DynamicFieldView } from './DynamicFieldView';
import { PlanDetailAction } from './PlanDetailAction';
import type { LocationType } from '../../domain/locationTypes';

type DialogActor = ActorRefFrom<typeof liveDetailDialogMachine>;

/** A phone or fax field: each number in it a tel: link, the rest as written. */
function PhoneNumbers({ field }: { field: string }) {
  const links = telLinks(field);
  if (links.length === 0) return <bdi>{inPageDigits(field)}</bdi>;
  return (
    <Group gap="xs">
      {links.map((link) => (
        <Anchor key={link.href} href={link.href} aria-label={t.detail.call(inPageDigits(link.text))}>
          <bdi>{inPageDigits(link.text)}</bdi>
        </Anchor>
      ))}
    </Group>
  );
}

function DetailBody({
  detail,
  updatedAt,
  showMore,
  at,
  guid,
  plan,
  onToggle,
}: {
  detail: LocationDetail;
  guid: string | null;
  /** What a what-if plan may do with this location (shown only while a plan is open). */
  plan: { pageType: LocationType; typeId: string | null };
  updatedAt: string | null;
  showMore: boolean;
  at: LatLon | null;
  onToggle(): void;
}) {
  const rows: [string, ReactNode][] = [
    [t.detail.gender, <bdi key="gender">{valueName(detail.Gender)}</bdi>],
    [t.detail.legal, <bdi key="legal">{valueName(detail.Legal)}</bdi>],
    [t.detail.phone, <PhoneNumbers key="phone" field={detail.PhoneNumber} />],
    [t.detail.fax, <PhoneNumbers key="fax" field={detail.Fax} />],
    [t.detail.address, <bdi key="address">{detail.Address}</bdi>],
  ];
  return (
    <Stack gap="sm" data-testid="detail">
      {/* The dialog's own title is the first heading, NameMakanAmoozeshi. */}
      <Title order={3} size="h5" c="dimmed">
        {phraseName(detail.Mogiyat)}
      </Title>
      <Title order={4} size="h6" c="dimmed">
        {detail.ZirNazar}
      </Title>
      <DetailActions name={detail.NameMakanAmoozeshi} address={detail.Address} at={at} />
      <PlanDetailAction pageType={plan.pageType} typeId={plan.typeId} guid={guid} at={at} />
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="30%">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button variant="subtle" onClick={onToggle} aria-expanded={showMore} w="fit-content">
        {showMore ? t.detail.lessDetails : t.detail.moreDetails}
      </Button>
      <Collapse expanded={showMore}>
        <Stack gap="sm" data-testid="dynamic-fields">
          {detail.daynamicFields.length === 0 ? <Text c="dimmed">{t.detail.noMoreDetails}</Text> : null}
          {detail.daynamicFields.map((field, i) => (
            <DynamicFieldView key={`${field.Label}-${i}`} field={field} />
          ))}
        </Stack>
      </Collapse>
      {guid ? <ReportProblem key={guid} guid={guid} /> : null}
      {updatedOn(updatedAt) ? (
        <Text size="xs" c="dimmed" data-testid="detail-updated">
          {updatedOn(updatedAt)}
        </Text>
      ) : null}
    </Stack>
  );
}

export function DetailDialog({ actor, pageType }: { actor: DialogActor; pageType: LocationType }) {
  const snapshot = useMachineView(actor);
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
        snapshot.context.detail ? (
          <bdi>{snapshot.context.detail.NameMakanAmoozeshi}</bdi>
        ) : snapshot.matches('failed') ? (
          t.errors.detailTitle
        ) : (
          t.loading
        )
      }
      classNames={{ content: 'detail-dialog-content', title: 'detail-dialog-title' }}
      closeButtonProps={{ 'aria-label': t.close }}
    >
      {snapshot.matches('loading') || snapshot.matches('identifying') ? <BusyIndicator /> : null}
      {snapshot.matches('failed') && isGone(snapshot.context) ? (
        <Alert color="gray" title={t.errors.detail} data-testid="detail-gone">
          {t.detail.gone}
        </Alert>
      ) : snapshot.matches('failed') ? (
        <FailureAlert
          title={t.errors.detail}
          message={failureText(snapshot.context.error)}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      ) : null}
      {snapshot.matches('showing') && snapshot.context.detail ? (
        <DetailBody
          detail={snapshot.context.detail}
          updatedAt={snapshot.context.updatedAt}
          showMore={snapshot.context.showMore}
          at={snapshot.context.at}
          guid={snapshot.context.guid}
          plan={{ pageType, typeId: snapshot.context.typeId }}
          onToggle={() => actor.send({ type: 'TOGGLE_MORE' })}
        />
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => actor.send({ type: 'CLOSE' })}>
          {snapshot.matches('failed') && isGone(snapshot.context) ? t.detail.back : t.close}
        </Button>
      </Group>
    </Modal>
  );
}

/** The org-location list dialog: close button, search box, the names of one type in one province. */
import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useActorRef } from '@xstate/react';
import { useMachineView } from '../ui/useMachineView';
import type { Filters } from '../../domain/filters';
import type { LocatedPlace } from '../../machines/orgList';
import { prepareFilter } from '../../machines/orgListFilter';
import { IconSearch } from '@tabler/icons-react';
import { t } from '../i18n/words';
import { formatCount } from '../i18n/format';
import { failureText } from '../i18n/failureText';
import { useInspect } from '../inspect/inspector';
import { PHONE_MEDIA_QUERY } from '../../domain/breakpoints';
import { DIALOG_WIDTH } from '../ui/dialogSize';
import { liveOrgListMachine } from './liveMachines';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { VirtualList } from '../ui/VirtualList';
import { useBackStep } from '../url/backStep';

interface OrgListDialogProps {
  typeId: string;
  ostan: string;
  filters: Filters;
  title: string;
  onClose(): void;
  /** A name was chosen and found: open it on the map. */
  onLocated(place: LocatedPlace): void;
}

const IDLE_FOLD_DELAY_MS = 300;

export function OrgListDialog({ typeId, ostan, filters, title, onClose, onLocated }: OrgListDialogProps) {
  const actor = useActorRef(liveOrgListMachine, { input: { typeId, ostan, filters }, inspect: useInspect() });
  useEffect(() => {
    const subscription = actor.on('located', (event) => onLocated(event.place));
    return () => subscription.unsubscribe();
  }, [actor, onLocated]);
  const snapshot = useMachineView(actor);
  const { all, shown } = snapshot.context;
  const ready = snapshot.matches('ready');
  const arriving = snapshot.matches({ loading: 'arriving' });
  // The rows are on screen first; the whole list is folded for the filter once the browser is idle.
  useEffect(() => {
    if (!ready || all.length === 0) return;
    const handle = setTimeout(() => prepareFilter(all), IDLE_FOLD_DELAY_MS);
    return () => clearTimeout(handle);
  }, [all, ready]);
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  useBackStep(true, onClose);
  useFocusReturn();
  const filter = (text: string) => actor.send({ type: 'KEY_UP', text });
  return (
    <Modal
      opened
      onClose={onClose}
      size={phone ? '100%' : DIALOG_WIDTH}
      fullScreen={phone}
      centered
      title={title}
      withCloseButton={false}
      classNames={{ content: 'detail-dialog-content', body: 'list-dialog-body', title: 'detail-dialog-title' }}
    >
      <Group gap="xs" wrap="nowrap">
        <TextInput
          className="list-search"
          placeholder={t.search}
          aria-label={t.search}
          leftSection={<IconSearch size={16} />}
          onKeyUp={(e) => filter(e.currentTarget.value)}
          // Paste and IME input raise no key release; the same rule runs for them.
          onInput={(e) => filter(e.currentTarget.value)}
          data-autofocus
          // Read-only rather than disabled while the names arrive: a disabled box cannot take the focus, and the
          // dialog then left it behind on the page.
          readOnly={!ready}
        />
        <Button variant="default" onClick={onClose}>
          {t.close}
        </Button>
      </Group>
      {snapshot.matches({ loading: 'waiting' }) ? <BusyIndicator /> : null}
      {snapshot.matches('failed') ? (
        <FailureAlert
          title={t.stats.listFailed}
          message={failureText(snapshot.context.error)}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      ) : null}
      {ready || arriving ? (
        <>
          <Text
            size="sm"
            c="dimmed"
            mt="xs"
            role="status"
            data-testid="list-count"
            data-complete={ready}
            data-filter-text={snapshot.context.text}
          >
            {ready ? t.stats.shownCount(formatCount(shown.length)) : t.stats.arrivingCount(formatCount(shown.length))}
          </Text>
          {snapshot.context.openError ? (
            <Text size="sm" c="red.9" role="alert" data-testid="list-open-error">
              {failureText(snapshot.context.openError)}
            </Text>
          ) : null}
          {shown.length === 0 ? (
            <Text c="dimmed" ta="center" p="xl">
              {t.stats.noMatch}
            </Text>
          ) : (
            <VirtualList
              items={shown}
              label={title}
              renderItem={(name) => (
                <button
                  type="button"
                  className="marker-list-item"
                  aria-label={t.stats.openOnMap(name)}
                  disabled={!snapshot.matches({ ready: 'browsing' })}
                  onClick={() => actor.send({ type: 'OPEN_NAME', name })}
                >
                  <bdi>{name}</bdi>
                </button>
              )}
            />
          )}
        </>
      ) : null}
    </Modal>
  );
}

/**
 * The dialog mounts open and unmounts on close, so Mantine's own return of focus (on `opened` turning false)
 * never runs: the element that opened it (a column, the list button) gets the focus back here.
 */
function useFocusReturn(): void {
  useEffect(() => {
    // A chart's point may be an SVG element: it takes the focus back too.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement || active instanceof SVGElement ? active : null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
}

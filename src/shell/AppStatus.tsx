/**
 * The app's own status above the screens: an "offline: data of {date}" line while answers come from the
 * service worker's copy, and a prompt when a new build is ready (taken only when the visitor says so). Also
 * registers the service worker, in builds that have one.
 */
import { Button, Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { registerSW } from 'virtual:pwa-register';
import { appStatusMachine } from '../../machines/appStatus';
import { onAnswer } from '../api/connectivity';
import { fetchUpdatedAt } from '../api/gateway';
import { t } from '../i18n/words';
import { formatDay } from '../i18n/format';
import { useInspect } from '../inspect/inspector';
import { afterLoadAndMap } from '../ui/firstScreen';

/** How often an open app asks whether a new build was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Hands over to the waiting build (of the page's one registration), then reloads onto it once it controls the page. */
function takeWaitingBuild(): Promise<void> {
  return new Promise((_resolve, reject) => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    (registration?.skipWaiting() ?? Promise.resolve()).catch(reject);
  });
}

/** Registered once per page (React may run an effect twice): the registration's callbacks reach the latest actor. */
let registration: { skipWaiting: () => Promise<void>; onNeedRefresh: () => void } | null = null;

function registerOnce(onNeedRefresh: () => void): void {
  if (registration) {
    registration.onNeedRefresh = onNeedRefresh;
  } else {
    const held = { onNeedRefresh, skipWaiting: async () => undefined as void };
    registration = held;
    // Registered once the page has loaded and its map drawn (or a little after the load), not at once:
    // installing precaches the whole build, and on a slow link a first visit's map would share the line with it.
    void afterLoadAndMap().then(() => {
      held.skipWaiting = registerSW({
        immediate: true,
        onNeedRefresh: () => held.onNeedRefresh(),
        onRegisteredSW: (_url, worker) => {
          if (worker) setInterval(() => void worker.update(), UPDATE_CHECK_MS);
        },
      });
    });
  }
}

export function AppStatus() {
  const actor = useActorRef(
    appStatusMachine.provide({
      actors: {
        loadDataDate: fromPromise(() => fetchUpdatedAt().catch(() => null)),
        applyUpdate: fromPromise(() => takeWaitingBuild()),
      },
    }),
    { inspect: useInspect() },
  );
  useEffect(
    () => onAnswer((source) => actor.send({ type: source === 'copy' ? 'ANSWER_FROM_COPY' : 'ANSWER_FROM_SERVER' })),
    [actor],
  );
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    registerOnce(() => actor.send({ type: 'UPDATE_FOUND' }));
    // The data's date, read once while online, so an offline visit can say how old its copy is.
    void fetchUpdatedAt().catch(() => null);
  }, [actor]);
  const offline = useSelector(actor, (s) => s.matches({ connection: 'offline' }));
  const updatedAt = useSelector(actor, (s) => s.context.dataUpdatedAt);
  const updateAvailable = useSelector(actor, (s) => s.matches({ update: 'available' }));
  const applying = useSelector(actor, (s) => s.matches({ update: 'applying' }));
  if (!offline && !updateAvailable && !applying) return null;
  // A strip in the page's flow under the toolbar, pushing the screens down: it covers nothing.
  return (
    <div className="status-strip">
      {offline ? (
        <div className="offline-strip" role="status" data-testid="offline-badge">
          <IconCloudOff size={16} aria-hidden />
          <span>{t.offline.badge(formatDay(updatedAt))}</span>
        </div>
      ) : null}
      {updateAvailable || applying ? (
        <div className="update-strip" role="alert" data-testid="update-prompt">
          <Text size="sm">{t.update.available}</Text>
          <Group gap="xs" wrap="nowrap">
            <Button size="compact-sm" loading={applying} onClick={() => actor.send({ type: 'UPDATE_ACCEPTED' })}>
              {t.update.apply}
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={() => actor.send({ type: 'UPDATE_DISMISSED' })}>
              {t.update.later}
            </Button>
          </Group>
        </div>
      ) : null}
    </div>
  );
}

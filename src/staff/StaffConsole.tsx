/**
 * The staff console at /staff (loaded only there): sign-in, then the console's parts as tabs, each run by a child
 * of the console's machine. A part refused for want of a session sends the console back to sign-in.
 */
import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ConsoleTab } from '../../machines/staffConsole';
import type { reportQueueMachine } from '../../machines/reportQueue';
import type { uploadMachine } from '../../machines/upload';
import { t } from '../i18n/words';
import { useInspect } from '../inspect/inspector';
import { BusyIndicator } from '../ui/Feedback';
import { AuditLog } from './AuditLog';
import { liveStaffConsoleMachine } from './liveMachines';
import { ReportQueue } from './ReportQueue';
import { SignInForm } from './SignInForm';
import { UploadPanel } from './UploadPanel';

type UploadRef = ActorRefFrom<typeof uploadMachine>;
type QueueRef = ActorRefFrom<typeof reportQueueMachine>;

export default function StaffConsole() {
  const desk = useActorRef(liveStaffConsoleMachine, { inspect: useInspect() });
  // Narrow reads: the console renders again only when what it shows changes.
  const state = useSelector(desk, (s) => s.value);
  const { who, tab, error, expired } = useSelector(desk, (s) => s.context);
  const upload = useSelector(desk, (s) => s.children['upload'] as UploadRef | undefined);
  const reports = useSelector(desk, (s) => s.children['reports'] as QueueRef | undefined);

  useEffect(() => {
    document.title = `${t.desk.title} | ${t.siteName}`;
  }, []);

  return (
    <Stack className="staff-console" gap="md" p="md" data-testid="staff-console" data-state={JSON.stringify(state)}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t.desk.title}
        </Title>
        {who ? (
          <Group gap="xs">
            <Text size="sm" data-testid="signed-in-as">
              {t.desk.signedInAs(who.Name)}
            </Text>
            <Button variant="default" size="xs" onClick={() => desk.send({ type: 'SIGN_OUT' })}>
              {t.desk.signOut}
            </Button>
          </Group>
        ) : null}
      </Group>
      {state === 'checking' || state === 'signingOut' ? <BusyIndicator /> : null}
      {state === 'signedOut' || state === 'signingIn' ? (
        <SignInForm
          busy={state === 'signingIn'}
          error={error}
          expired={expired}
          onSignIn={(name, password) => desk.send({ type: 'SIGN_IN', name, password })}
        />
      ) : null}
      {state === 'signedIn' && upload && reports ? (
        <>
          <Text size="sm" c="dimmed">
            {t.desk.intro}
          </Text>
          <Tabs
            value={tab}
            onChange={(value) => value && desk.send({ type: 'TAB', tab: value as ConsoleTab })}
            keepMounted={false}
          >
            <Tabs.List>
              <Tabs.Tab value="upload">{t.desk.tabs.upload}</Tabs.Tab>
              <Tabs.Tab value="reports">{t.desk.tabs.reports}</Tabs.Tab>
              <Tabs.Tab value="audit">{t.desk.tabs.audit}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="upload" pt="md">
              <UploadPanel actor={upload} />
            </Tabs.Panel>
            <Tabs.Panel value="reports" pt="md">
              <ReportQueue actor={reports} />
            </Tabs.Panel>
            <Tabs.Panel value="audit" pt="md">
              <AuditLog />
            </Tabs.Panel>
          </Tabs>
        </>
      ) : null}
    </Stack>
  );
}

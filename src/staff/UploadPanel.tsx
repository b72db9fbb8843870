/** Bringing a file in: choose how to apply it, send it (with progress), read its preview, apply or discard. */
import { Alert, Button, Checkbox, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useMachineView } from '../ui/useMachineView';
import type { ActorRefFrom } from 'xstate';
import type { uploadMachine } from '../../machines/upload';
import { failureText } from '../i18n/failureText';
import { formatCount, formatShare } from '../i18n/format';
import { t } from '../i18n/words';
import { ImportColumns } from './ImportColumns';
import { PreviewReport } from './PreviewReport';

export function UploadPanel({ actor }: { actor: ActorRefFrom<typeof uploadMachine> }) {
  const snapshot = useMachineView(actor);
  const canApply = useSelector(actor, (s) => s.can({ type: 'APPLY' }));
  // Before a file, and after one was applied or failed: the options and the next file are chosen at once.
  const choosing = useSelector(actor, (s) => s.can({ type: 'CHOOSE', choice: {} }));
  const w = t.desk.upload;
  const { choice, sent, preview, applied, error } = snapshot.context;
  const chooser = choosing ? (
    <FileButton
      accept=".csv,.txt,.tsv,.geojson,.json,text/csv,text/plain,text/tab-separated-values,application/geo+json"
      onChange={(file) => file && actor.send({ type: 'FILE_CHOSEN', file })}
    >
      {(props) => (
        <Button {...props} leftSection={<IconUpload size={16} />} w="fit-content" data-testid="choose-file">
          {snapshot.matches('choosing') ? w.choose : w.another}
        </Button>
      )}
    </FileButton>
  ) : null;
  return (
    <Stack gap="md" data-testid="upload-panel" data-state={String(snapshot.value)}>
      <Title order={2} size="h4">
        {w.heading}
      </Title>
      <Text size="sm">{w.help}</Text>
      <ImportColumns />
      <Checkbox
        label={w.skipInvalid}
        checked={choice.skipInvalid}
        disabled={!choosing}
        onChange={(event) => actor.send({ type: 'CHOOSE', choice: { skipInvalid: event.currentTarget.checked } })}
      />
      <Checkbox
        label={w.prune}
        checked={choice.prune}
        disabled={!choosing}
        onChange={(event) => actor.send({ type: 'CHOOSE', choice: { prune: event.currentTarget.checked } })}
      />
      {snapshot.matches('choosing') ? chooser : null}
      {snapshot.matches('sending') ? (
        <Stack gap={4}>
          <Text size="sm">{w.sending(formatShare(sent, 1))}</Text>
          <Progress value={sent * 100} aria-label={w.sending(formatShare(sent, 1))} />
          <Button variant="default" w="fit-content" onClick={() => actor.send({ type: 'CANCEL' })}>
            {w.cancel}
          </Button>
        </Stack>
      ) : null}
      {error ? (
        <Alert color="red.9" role="alert" data-testid="upload-error">
          {failureText(error)}
        </Alert>
      ) : null}
      {applied ? (
        <Alert color="teal" data-testid="applied">
          {w.applied(
            formatCount(applied.Version),
            formatCount(applied.Inserted),
            formatCount(applied.Updated),
            formatCount(applied.Deleted),
          )}
        </Alert>
      ) : null}
      {/* After a file was applied or failed, the next one is chosen below what this one came to. */}
      {snapshot.matches('choosing') ? null : chooser}
      {preview && (snapshot.matches('previewed') || snapshot.matches('applying')) ? (
        <>
          {preview.Convertible ? (
            <Alert color="orange" data-testid="not-utf8">
              <Stack gap="xs" align="flex-start">
                {w.notUtf8}
                <Button onClick={() => actor.send({ type: 'CONVERT' })} data-testid="convert">
                  {w.convert}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <Group gap="xs">
            <Button
              onClick={() => actor.send({ type: 'APPLY' })}
              disabled={!canApply}
              loading={snapshot.matches('applying')}
              data-testid="apply"
            >
              {snapshot.matches('applying') ? w.applying : w.apply}
            </Button>
            <Button
              variant="default"
              onClick={() => actor.send({ type: 'DISCARD' })}
              disabled={!snapshot.matches('previewed')}
              data-testid="discard"
            >
              {w.discard}
            </Button>
          </Group>
          <PreviewReport preview={preview} />
        </>
      ) : null}
    </Stack>
  );
}

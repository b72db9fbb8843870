/**
 * "Report a problem" inside a location's detail: what is wrong and a few words, with no account and nothing
 * personal asked. A field hidden from people (and from assistive technology) catches simple bots. Once filed,
 * the visitor gets the link where the report's status shows.
 */
import { Alert, Anchor, Button, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMachineView } from '../ui/useMachineView';
import { HONEYPOT_FIELD, REPORT_KINDS, REPORT_TEXT_MAX, REPORT_TEXT_MIN, type ReportKind } from '../../domain/reports';
import { textUsable } from '../../machines/problemReport';
import { failureText } from '../i18n/failureText';
import { formatCount } from '../i18n/format';
import { t } from '../i18n/words';
import type { ReportActor } from './ReportProblem';

export default function ReportProblemForm({ actor }: { actor: ReportActor }) {
  const snapshot = useMachineView(actor);
  const { kind, text, trap, filed, error } = snapshot.context;
  const onClose = () => actor.send({ type: 'CLOSE' });
  if (snapshot.matches('sent') && filed)
    return (
      <Alert color="teal" title={t.report.sent} data-testid="report-sent">
        <Stack gap="xs">
          <Anchor href={filed.Link} data-testid="report-link">
            {t.report.statusLink}
          </Anchor>
          <Button variant="default" w="fit-content" onClick={onClose}>
            {t.report.close}
          </Button>
        </Stack>
      </Alert>
    );
  const sending = snapshot.matches('sending');
  return (
    <form
      data-testid="report-form"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t.report.intro}</Text>
        <Radio.Group
          label={t.report.kind}
          value={kind}
          onChange={(value) => actor.send({ type: 'SET_KIND', kind: value as ReportKind })}
        >
          <Stack gap={6} mt={4}>
            {REPORT_KINDS.map((k) => (
              <Radio key={k} value={k} label={t.report.kinds[k]} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t.report.text}
          description={t.report.textHelp(formatCount(REPORT_TEXT_MIN), formatCount(REPORT_TEXT_MAX))}
          value={text}
          maxLength={REPORT_TEXT_MAX}
          autosize
          minRows={3}
          onChange={(event) => actor.send({ type: 'SET_TEXT', text: event.currentTarget.value })}
          data-testid="report-text"
        />
        {/* People never see this field: it is off screen and hidden from assistive technology. */}
        <div className="trap-field" aria-hidden="true">
          <TextInput
            label={t.report.trap}
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            value={trap}
            onChange={(event) => actor.send({ type: 'SET_TRAP', value: event.currentTarget.value })}
          />
        </div>
        {error ? (
          <Alert color="red.9" role="alert">
            {failureText(error)}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button type="submit" loading={sending} disabled={!textUsable(text)} data-testid="report-send">
            {sending ? t.report.sending : t.report.send}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t.report.close}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

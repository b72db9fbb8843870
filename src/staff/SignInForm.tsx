/** Staff sign-in: a name and a password, and why the last attempt failed (or why the session ended). */
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { RequestFailure } from '../../domain/requestFailure';
import { failureText } from '../i18n/failureText';
import { t } from '../i18n/words';

interface SignInFormProps {
  busy: boolean;
  error: RequestFailure | null;
  expired: boolean;
  onSignIn(name: string, password: string): void;
}

export function SignInForm({ busy, error, expired, onSignIn }: SignInFormProps) {
  // What is being typed is the form's own until it is sent: the machine holds what was sent.
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  return (
    <Paper className="staff-sign-in" p="lg" withBorder maw={420} mx="auto" mt="xl">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSignIn(name, password);
        }}
        data-testid="sign-in"
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t.desk.signIn.heading}
          </Title>
          <Text size="sm" c="dimmed">
            {t.desk.signIn.visitorsNote}
          </Text>
          {expired ? <Alert color="gray">{t.desk.signIn.expired}</Alert> : null}
          {error ? (
            <Alert color="red.9" role="alert" data-testid="sign-in-error">
              {failureText(error)}
            </Alert>
          ) : null}
          <TextInput
            label={t.desk.signIn.name}
            autoComplete="username"
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            dir="ltr"
          />
          <PasswordInput
            label={t.desk.signIn.password}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            dir="ltr"
          />
          <Button type="submit" loading={busy}>
            {busy ? t.desk.signIn.busy : t.desk.signIn.submit}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

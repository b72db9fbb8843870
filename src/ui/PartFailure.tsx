/**
 * What shows in place of a part of the page that failed to load or to render: a Persian message with a
 * retry, and, when the part's code is gone from the server (a new version was deployed under this open
 * page), a reload. Never a blank page.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { FallbackProps } from 'react-error-boundary';
import { t } from '../i18n/words';

/** A dynamic import that failed: the server was down, or the hashed file no longer exists. */
export function isCodeLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

export function PartFailure({ error, resetErrorBoundary }: FallbackProps) {
  const codeMissing = isCodeLoadFailure(error);
  return (
    <Alert
      color="red.9"
      variant="light"
      icon={<IconAlertTriangle />}
      title={t.errors.partFailed}
      role="alert"
      data-testid="part-error"
      m="md"
    >
      <Text size="sm">{codeMissing ? t.errors.codeLoadFailed : t.errors.renderFailed}</Text>
      <Group mt="xs" gap="xs">
        <Button size="xs" color="red.9" onClick={resetErrorBoundary}>
          {t.retry}
        </Button>
        <Button size="xs" color="red.9" variant="outline" onClick={() => window.location.reload()}>
          {t.reloadPage}
        </Button>
      </Group>
    </Alert>
  );
}

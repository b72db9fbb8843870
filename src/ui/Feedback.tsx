/** How every view says "busy" and "failed, retry?" — the spec's forever-spinner replaced by one pattern. */
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { t } from '../i18n/words';

/** A thin indeterminate bar along the top of the part that is loading. */
export function LoadingBar({ active, testId }: { active: boolean; testId?: string }) {
  return active ? <div className="loading-bar" role="progressbar" aria-label={t.loading} data-testid={testId} /> : null;
}

export function BusyIndicator({ height }: { height?: number }) {
  return (
    <Group justify="center" p="xl" h={height}>
      <Loader aria-label={t.loading} />
    </Group>
  );
}

interface FailureAlertProps {
  title: string;
  message: string | null;
  onRetry(): void;
  /** Filled stands out over the map; light reads better inside a dialog or card. */
  variant?: 'filled' | 'light';
  className?: string;
  testId?: string;
}

export function FailureAlert({ title, message, onRetry, variant = 'light', className, testId }: FailureAlertProps) {
  return (
    // red.9: white on it, and it on its light tint, both read above 4.5:1.
    <Alert
      className={className}
      color="red.9"
      variant={variant}
      icon={<IconAlertTriangle />}
      title={title}
      role="alert"
      data-testid={testId}
    >
      <Text size="sm" c="inherit">
        {message}
      </Text>
      <Button mt="xs" size="xs" color="red.9" variant={variant === 'filled' ? 'white' : 'filled'} onClick={onRetry}>
        {t.retry}
      </Button>
    </Alert>
  );
}

import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { t } from '../i18n/words';

export function NotFound() {
  return (
    <Stack align="center" justify="center" className="not-found" data-testid="not-found">
      <Title order={2}>{t.notFoundTitle}</Title>
      <Text>{t.notFoundBody}</Text>
      <Button component={Link} href="/">
        {t.backHome}
      </Button>
    </Stack>
  );
}

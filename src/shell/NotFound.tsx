import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { fa } from '../i18n/fa';

export function NotFound() {
  return (
    <Stack align="center" justify="center" className="not-found" data-testid="not-found">
      <Title order={2}>{fa.notFoundTitle}</Title>
      <Text>{fa.notFoundBody}</Text>
      <Button component={Link} href="/">
        {fa.backHome}
      </Button>
    </Stack>
  );
}

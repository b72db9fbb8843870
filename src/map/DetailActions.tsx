/**
 * Going there from the detail dialog: directions in each map app at once (no menu to open first), the address
 * copied, the location shared (the system's share sheet where there is one, else its link copied).
 */
import { Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCopy, IconRoute, IconShare } from '@tabler/icons-react';
import { directionLinks, type LatLon } from '../../domain/directions';
import { t } from '../i18n/words';

interface DetailActionsProps {
  name: string;
  address: string;
  at: LatLon | null;
}

/** The page's own address names the open location (?loc=), so it is the link to share. */
const shareLink = () => window.location.href;

function Directions({ name, at }: { name: string; at: LatLon }) {
  const label = t.detail.goLabel(name);
  return (
    <Group gap={4} role="group" aria-label={label} data-testid="directions">
      <IconRoute size={16} aria-hidden />
      <Text size="sm" component="span">
        {t.detail.go}:
      </Text>
      {directionLinks(at, name).map((link) => (
        <Button
          key={link.app}
          component="a"
          href={link.href}
          target="_blank"
          rel="noopener"
          size="compact-sm"
          variant="light"
          data-app={link.app}
        >
          {t.detail.apps[link.app]}
        </Button>
      ))}
    </Group>
  );
}

export function DetailActions({ name, address, at }: DetailActionsProps) {
  const canShare = typeof navigator.share === 'function';
  return (
    <Stack gap="xs" data-testid="detail-actions">
      {at ? <Directions name={name} at={at} /> : null}
      <Group gap="xs">
        {address.trim() !== '' ? (
          <CopyButton value={address}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="subtle" leftSection={<IconCopy size={14} />} onClick={copy}>
                {copied ? t.detail.copied : t.detail.copyAddress}
              </Button>
            )}
          </CopyButton>
        ) : null}
        {canShare ? (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconShare size={14} />}
            onClick={() => void navigator.share({ title: name, url: shareLink() }).catch(() => undefined)}
          >
            {t.detail.share}
          </Button>
        ) : (
          <CopyButton value={shareLink()}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="subtle" leftSection={<IconShare size={14} />} onClick={copy}>
                {copied ? t.detail.shareCopied : t.detail.share}
              </Button>
            )}
          </CopyButton>
        )}
      </Group>
    </Stack>
  );
}

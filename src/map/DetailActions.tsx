/**
 * Going there from the detail dialog: directions in the visitor's map app of choice, the address copied,
 * the location shared (the system's share sheet where there is one, else its link copied).
 */
import { Button, CopyButton, Group, Menu } from '@mantine/core';
import { IconCopy, IconRoute, IconShare } from '@tabler/icons-react';
import { directionLinks, type LatLon } from '../../domain/directions';
import { fa } from '../i18n/fa';

interface DetailActionsProps {
  name: string;
  address: string;
  at: LatLon | null;
}

/** The page's own address names the open location (?loc=), so it is the link to share. */
const shareLink = () => window.location.href;

export function DetailActions({ name, address, at }: DetailActionsProps) {
  const canShare = typeof navigator.share === 'function';
  return (
    <Group gap="xs" data-testid="detail-actions">
      {at ? (
        <Menu position="bottom-end" withinPortal={false}>
          <Menu.Target>
            <Button size="xs" leftSection={<IconRoute size={16} />} aria-label={fa.detail.goLabel(name)}>
              {fa.detail.go}
            </Button>
          </Menu.Target>
          <Menu.Dropdown data-testid="directions-menu">
            {directionLinks(at, name).map((link) => (
              <Menu.Item
                key={link.app}
                component="a"
                href={link.href}
                target="_blank"
                rel="noopener"
                data-app={link.app}
              >
                {fa.detail.apps[link.app]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
      {address.trim() !== '' ? (
        <CopyButton value={address}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
              {copied ? fa.detail.copied : fa.detail.copyAddress}
            </Button>
          )}
        </CopyButton>
      ) : null}
      {canShare ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconShare size={16} />}
          onClick={() => void navigator.share({ title: name, url: shareLink() }).catch(() => undefined)}
        >
          {fa.detail.share}
        </Button>
      ) : (
        <CopyButton value={shareLink()}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" leftSection={<IconShare size={16} />} onClick={copy}>
              {copied ? fa.detail.shareCopied : fa.detail.share}
            </Button>
          )}
        </CopyButton>
      )}
    </Group>
  );
}

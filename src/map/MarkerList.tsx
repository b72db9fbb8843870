/**
 * The loaded markers as a list of buttons: the keyboard's (and a screen reader's) way into locations
 * drawn in the WebGL canvas, and a phone user's way past pins that overlap.
 */
import { Button, Drawer, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconList } from '@tabler/icons-react';
import type { MapLocation } from '../../domain/gateway';
import { fa, formatCount } from '../i18n/fa';
import { VirtualList } from '../ui/VirtualList';

const ROW_HEIGHT = 40;

export function MarkerList({ markers, onOpen }: { markers: MapLocation[]; onOpen(guid: string): void }) {
  const [opened, { open, close }] = useDisclosure(false);
  if (markers.length === 0) return null;
  return (
    <>
      <Button className="marker-list-button" size="xs" variant="light" leftSection={<IconList size={16} />} onClick={open}>
        {fa.markerList(formatCount(markers.length))}
      </Button>
      <Drawer opened={opened} onClose={close} position="left" title={fa.markerListTitle} closeButtonProps={{ 'aria-label': fa.close }} classNames={{ body: 'marker-list-body' }}>
        <Text size="sm" c="dimmed" mb="xs">
          {fa.markerListHelp}
        </Text>
        <VirtualList
          items={markers}
          estimatedRowHeight={ROW_HEIGHT}
          label={fa.markerListTitle}
          renderItem={(marker) => (
            <button
              type="button"
              className="marker-list-item"
              onClick={() => {
                close();
                onOpen(marker.Guid);
              }}
            >
              {marker.Name}
            </button>
          )}
        />
      </Drawer>
    </>
  );
}

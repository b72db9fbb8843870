import { ActionIcon, Stack } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { t } from '../i18n/words';
import { MAP_BUTTONS_CLASS } from './coveredSides';
import { MAX_ZOOM } from './mapConstants';

/** Zoom in and out by one spec level; `zoom` and `minZoom` are spec zooms. */
export function ZoomButtons({ zoom, minZoom, onZoom }: { zoom: number; minZoom: number; onZoom(delta: number): void }) {
  return (
    <Stack className={`zoom-buttons ${MAP_BUTTONS_CLASS}`} gap={4}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t.zoomIn}
        disabled={zoom >= MAX_ZOOM - 0.01}
        onClick={() => onZoom(1)}
      >
        <IconPlus size={18} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t.zoomOut}
        disabled={zoom <= minZoom + 0.01}
        onClick={() => onZoom(-1)}
      >
        <IconMinus size={18} />
      </ActionIcon>
    </Stack>
  );
}

import { ActionIcon, Stack } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { MAX_ZOOM, MIN_ZOOM } from './mapConstants';

export function ZoomButtons({ zoom, onZoom }: { zoom: number; onZoom(delta: number): void }) {
  return (
    <Stack className="zoom-buttons" gap={4}>
      <ActionIcon variant="default" size="lg" aria-label="بزرگ‌نمایی" disabled={zoom >= MAX_ZOOM} onClick={() => onZoom(1)}>
        <IconPlus size={18} />
      </ActionIcon>
      <ActionIcon variant="default" size="lg" aria-label="کوچک‌نمایی" disabled={zoom <= MIN_ZOOM} onClick={() => onZoom(-1)}>
        <IconMinus size={18} />
      </ActionIcon>
    </Stack>
  );
}

import { ActionIcon, Stack, Tooltip } from '@mantine/core';
import { IconCurrentLocation, IconPolygon, IconWorld } from '@tabler/icons-react';
import type { LocationType } from '../../domain/locationTypes';
import { t } from '../i18n/words';
import { MAP_BUTTONS_CLASS } from './coveredSides';
import { LayerPicker } from './LayerPicker';
import { INLINE_START } from '../i18n/language';

/**
 * Map buttons beside zoom: back to the whole country, the places nearest the visitor, other types to add, an
 * area to draw.
 */
export function MapActions({
  type,
  onWholeCountry,
  onNearMe,
  onDrawArea,
}: {
  type: LocationType;
  onWholeCountry(): void;
  onNearMe(): void;
  onDrawArea(): void;
}) {
  return (
    <Stack className={`map-actions ${MAP_BUTTONS_CLASS}`} gap={4}>
      <Tooltip label={t.wholeCountry} position={INLINE_START}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t.wholeCountry}
          onClick={onWholeCountry}
          data-testid="whole-country"
        >
          <IconWorld size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t.nearMe.button} position={INLINE_START}>
        <ActionIcon variant="default" size="lg" aria-label={t.nearMe.button} onClick={onNearMe} data-testid="near-me">
          <IconCurrentLocation size={18} />
        </ActionIcon>
      </Tooltip>
      <LayerPicker type={type} />
      <Tooltip label={t.area.draw} position={INLINE_START}>
        <ActionIcon variant="default" size="lg" aria-label={t.area.draw} onClick={onDrawArea} data-testid="draw-area">
          <IconPolygon size={18} />
        </ActionIcon>
      </Tooltip>
    </Stack>
  );
}

import { ActionIcon, Stack, Tooltip } from '@mantine/core';
import { IconCurrentLocation, IconPolygon, IconWorld } from '@tabler/icons-react';
import type { LocationType } from '../../domain/locationTypes';
import { fa } from '../i18n/fa';
import { LayerPicker } from './LayerPicker';

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
    <Stack className="map-actions" gap={4}>
      <Tooltip label={fa.wholeCountry} position="right">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={fa.wholeCountry}
          onClick={onWholeCountry}
          data-testid="whole-country"
        >
          <IconWorld size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={fa.nearMe.button} position="right">
        <ActionIcon variant="default" size="lg" aria-label={fa.nearMe.button} onClick={onNearMe} data-testid="near-me">
          <IconCurrentLocation size={18} />
        </ActionIcon>
      </Tooltip>
      <LayerPicker type={type} />
      <Tooltip label={fa.area.draw} position="right">
        <ActionIcon variant="default" size="lg" aria-label={fa.area.draw} onClick={onDrawArea} data-testid="draw-area">
          <IconPolygon size={18} />
        </ActionIcon>
      </Tooltip>
    </Stack>
  );
}

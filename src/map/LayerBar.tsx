/** The line over the map that says what a layer from the statistics shows, with the way to hide it. */
import { CloseButton, Group, Text } from '@mantine/core';
import type { DeckLayerSpec } from './deckSpecs';
import type { Filters } from '../../domain/filters';
import type { KmLayer } from '../url/kmLayer';
import { hideLayer } from '../url/kmLayer';

/** What the map gives the source of a layer from the statistics: the page's type and filters, the distance. */
export interface KmLayerSourceProps {
  typeId: string;
  typeTitle: string;
  filters: Filters;
  km: number;
  /** Hands the map the layer to draw (null: none yet, or no more). */
  onLayer(layer: DeckLayerSpec | null): void;
}

export function LayerBar({
  layer,
  text,
  hideLabel,
  drawn,
}: {
  layer: KmLayer;
  text: string;
  hideLabel: string;
  /** How many things the layer draws, once it does (for tests and assistive technology alike). */
  drawn?: number;
}) {
  return (
    <Group className={`cover-bar ${layer}-bar`} gap={4} wrap="nowrap" data-testid={`${layer}-bar`} data-drawn={drawn}>
      <Text size="sm">{text}</Text>
      <CloseButton size="sm" aria-label={hideLabel} onClick={() => hideLayer(layer)} />
    </Group>
  );
}

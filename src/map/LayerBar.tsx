/** The line over the map that says what a layer from the statistics shows, with the way to hide it. */
import type { ReactNode } from 'react';
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
  /** Hands the map the layers to draw (null: none yet, or no more). */
  onLayer(layer: DeckLayerSpec | readonly DeckLayerSpec[] | null): void;
  /** Takes the map's clicks (each a point where it was clicked), or gives them back (null). */
  onMapClicks(handler: ((lon: number, lat: number) => void) | null): void;
}

export function LayerBar({
  layer,
  text,
  hideLabel,
  drawn,
  wrap = false,
  children,
}: {
  layer: KmLayer;
  text: string;
  hideLabel: string;
  /** How many things the layer draws, once it does (for tests and assistive technology alike). */
  drawn?: number;
  /** The layer's own controls, between its text and the way to hide it. */
  children?: ReactNode;
  /** Its controls may go to a second line (a narrow screen): a bar with controls. */
  wrap?: boolean;
}) {
  return (
    <Group
      className={`cover-bar ${layer}-bar`}
      gap={4}
      wrap={wrap ? 'wrap' : 'nowrap'}
      data-testid={`${layer}-bar`}
      data-drawn={drawn}
    >
      <Text size="sm">{text}</Text>
      {children}
      <CloseButton size="sm" aria-label={hideLabel} onClick={() => hideLayer(layer)} />
    </Group>
  );
}

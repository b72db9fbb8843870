/**
 * What deck.gl draws, described without deck.gl: its code (about 180 kB compressed) loads only when a view
 * needs it (DeckLayers.tsx), so the first map, whose bubbles and pins MapLibre draws itself, never waits for it.
 * Each kind names the one deck.gl layer class that draws it; the props are that class's, checked here. Only
 * primitive layers: under a MapLibre layer (beforeId) deck.gl draws a composite layer's parts only if each
 * carries the beforeId itself.
 */
import type { IconLayerProps, PathLayerProps, ScatterplotLayerProps, SolidPolygonLayerProps } from '@deck.gl/layers';

/** Every layer is named; `beforeId` is the MapLibre layer it is drawn under (none: above them all). */
type Named = { id: string; beforeId?: string };

interface SpecOf<Kind extends string, Props> {
  kind: Kind;
  props: Props & Named;
}

export type DeckLayerSpec =
  | SpecOf<'scatterplot', ScatterplotLayerProps<unknown>>
  | SpecOf<'path', PathLayerProps<unknown>>
  | SpecOf<'solidPolygon', SolidPolygonLayerProps<unknown>>
  | SpecOf<'icon', IconLayerProps<unknown>>;

export type DeckLayerKind = DeckLayerSpec['kind'];

// The props are checked against the data's type here; the registry of classes sees them as of unknown data.
export const scatterplotSpec = <D>(props: ScatterplotLayerProps<D> & Named): DeckLayerSpec => ({
  kind: 'scatterplot',
  props: props as unknown as ScatterplotLayerProps<unknown> & Named,
});

export const pathSpec = <D>(props: PathLayerProps<D> & Named): DeckLayerSpec => ({
  kind: 'path',
  props: props as unknown as PathLayerProps<unknown> & Named,
});

export const solidPolygonSpec = <D>(props: SolidPolygonLayerProps<D> & Named): DeckLayerSpec => ({
  kind: 'solidPolygon',
  props: props as unknown as SolidPolygonLayerProps<unknown> & Named,
});

export const iconSpec = <D>(props: IconLayerProps<D> & Named): DeckLayerSpec => ({
  kind: 'icon',
  props: props as unknown as IconLayerProps<unknown> & Named,
});

/** The same layer, never picked (while an area is drawn, a click is a corner). */
export const unpickable = (spec: DeckLayerSpec): DeckLayerSpec =>
  ({ ...spec, props: { ...spec.props, pickable: false } }) as DeckLayerSpec;

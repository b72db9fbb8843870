/**
 * Colours of the types added to the page's, by the order they were added: apart from the page type's red
 * pins and teal bubbles, from the visitor's blue dot and from each other, and dark enough that white digits
 * read on them and they stand out on the cream land (3:1 and more).
 */
export const EXTRA_COLOURS = [
  [63, 81, 181], // indigo
  [142, 36, 170], // purple
  [120, 80, 40], // brown
  [0, 106, 140], // dark cyan
] as const;

/** The page type's pins and dense dots. */
export const PIN_RED = [192, 57, 43] as const;

/** The page type's bubbles (its locations grouped, from afar): drawn a little see-through (layers.ts). */
export const BUBBLE_TEAL = [11, 110, 79] as const;

/** A type shown on the map, as the legend and the lists name and colour it. */
export interface ShownType {
  typeId: string;
  title: string;
  colour: readonly [number, number, number];
}

export const cssColour = ([r, g, b]: readonly [number, number, number]) => `rgb(${r}, ${g}, ${b})`;

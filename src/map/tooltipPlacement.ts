/**
 * Where deck.gl's tooltip stands. deck.gl puts its top-left corner at the pointer whatever the pointer's place, so
 * on a phone a name hovered near the map's right or bottom edge ran off the screen. Here the point of the tooltip
 * that sits on the pointer slides across the tooltip as the pointer crosses the map (its left edge at the map's left,
 * its right edge at the map's right: CSS percentages of a translate are the element's own size), and the tooltip
 * stands below the pointer in the map's upper half and above it in the lower half, so it is never cut at an edge.
 * The band the map's own buttons stand in is left out of that width (`clear`): the buttons are drawn over deck.gl's
 * tooltip, and on a phone they hid the start of its text.
 */
import { NOTHING_COVERED, type CoveredSides } from './coveredSides';

/** Between the pointer and the tooltip, in CSS px. */
const GAP = 12;

export interface TooltipStyle {
  transform: string;
  maxWidth: string;
}

/**
 * The style that places a tooltip for a pointer at `x`, `y` on a map `width` by `height` CSS px, within the map less
 * the bands `clear` keeps free at its left and right.
 */
export function tooltipPlacement(
  x: number,
  y: number,
  width: number,
  height: number,
  clear: CoveredSides = NOTHING_COVERED,
): TooltipStyle {
  const from = Math.min(clear.left, width);
  const room = Math.max(0, width - clear.right - from);
  const across = room > 0 ? Math.min(1, Math.max(0, (x - from) / room)) : 0;
  const vertical = y < height / 2 ? `${y + GAP}px` : `calc(${y - GAP}px - 100%)`;
  return {
    transform: `translate(calc(${x}px - ${(across * 100).toFixed(2)}%), ${vertical})`,
    // Never wider than the room it has, whatever the name's length.
    maxWidth: `${Math.max(0, Math.floor(room - 2 * GAP))}px`,
  };
}

import { MARKER_HEIGHT_PX, MARKER_WIDTH_PX } from './mapConstants';

/** The pin's outline in its 25x40 box (tip at the bottom centre) and its white eye. */
const PIN_PATH = 'M12.5 0C5.6 0 0 5.6 0 12.5 0 21.9 12.5 40 12.5 40S25 21.9 25 12.5C25 5.6 19.4 0 12.5 0z';
const PIN_FILL = '#c0392b';
const PIN_EDGE = '#7b241c';
/** Drawn at twice the size, for sharp edges on dense screens (MapLibre is told its pixel ratio). */
export const PIN_PIXEL_RATIO = 2;

/**
 * The marker pin as pixels for MapLibre's addImage, drawn at once (no image to decode), so the pins' layer
 * has its icon from the moment it exists.
 */
export function pinImage(): ImageData {
  const [width, height] = [MARKER_WIDTH_PX * PIN_PIXEL_RATIO, MARKER_HEIGHT_PX * PIN_PIXEL_RATIO];
  const context = new OffscreenCanvas(width, height).getContext('2d')!;
  context.scale(PIN_PIXEL_RATIO, PIN_PIXEL_RATIO);
  const outline = new Path2D(PIN_PATH);
  context.fillStyle = PIN_FILL;
  context.fill(outline);
  context.strokeStyle = PIN_EDGE;
  context.lineWidth = 1;
  context.stroke(outline);
  context.beginPath();
  context.arc(12.5, 12.5, 5, 0, 2 * Math.PI);
  context.fillStyle = '#ffffff';
  context.fill();
  return context.getImageData(0, 0, width, height);
}

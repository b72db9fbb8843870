import { MARKER_HEIGHT_PX, MARKER_WIDTH_PX } from './mapConstants';

/** The 25x40 marker pin, drawn at twice the size for sharp edges on dense screens; its tip is the anchor. */
const PIN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${MARKER_WIDTH_PX * 2}" height="${MARKER_HEIGHT_PX * 2}" viewBox="0 0 25 40">
<path d="M12.5 0C5.6 0 0 5.6 0 12.5 0 21.9 12.5 40 12.5 40S25 21.9 25 12.5C25 5.6 19.4 0 12.5 0z" fill="#c0392b" stroke="#7b241c" stroke-width="1"/>
<circle cx="12.5" cy="12.5" r="5" fill="#ffffff"/></svg>`;

export const PIN_ICON = {
  url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(PIN_SVG)}`,
  id: 'pin',
  width: MARKER_WIDTH_PX * 2,
  height: MARKER_HEIGHT_PX * 2,
  anchorY: MARKER_HEIGHT_PX * 2,
};

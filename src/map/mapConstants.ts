/** Map constants. Every zoom here is a spec zoom (256-px tiles, see domain/zoom.ts). */
export const INITIAL_CENTER = { latitude: 35.7, longitude: 51.34 } as const;
export const COUNTRY_CENTER = { latitude: 32.5, longitude: 54 } as const;
export const INITIAL_ZOOM = 6;
export const MIN_ZOOM = 5;
export const MAX_ZOOM = 18;
/** From here the basemap names towns: a province fills the screen, and its towns are what a reader looks for. */
export const TOWN_LABELS_MIN_ZOOM = 7;
/** The font face every map label is shaped with (Persian and Latin), given to MapLibre through the style. */
export const MAP_FONT = 'Vazirmatn';
/** The source of the server's vector basemap, when it has one (see vectorBasemap.ts). */
export const VECTOR_BASEMAP_SOURCE = 'basemap';
/** The bundled basemap's province borders: the vector basemap is laid under them, and under every name. */
export const PROVINCE_BORDER_LAYER = 'province-border';
export const MARKER_WIDTH_PX = 25;
export const MARKER_HEIGHT_PX = 40;
export const CLUSTER_RADIUS_PX = 10;
export const RESIZE_DEBOUNCE_MS = 200;
/** The re-centre from Tehran to the country centre, as a visible glide rather than a jump. */
export const RECENTRE_DURATION_MS = 800;
/** A zoom button's step: short enough to click again at once, long enough to see which way it went. */
export const ZOOM_STEP_DURATION_MS = 300;
/** Iran with a small margin (west, south, east, north): what "the whole country" must show. */
export const IRAN_BOUNDS: [number, number, number, number] = [43.5, 24.8, 63.6, 40.0];
/**
 * Beyond this many markers in a load they are drawn as dots: at 1,000 pins of 25x40 px a 1280x720 view is
 * already covered once over, so more pins only pile into a blob, and an icon per point is what makes a frame
 * expensive. A dot keeps each location visible and clickable; zooming in brings the pins back.
 */
export const DENSE_MARKERS = 1_000;
export const DOT_RADIUS_PX = 4;
/**
 * On a phone the side panel is a sheet over the lower part of the screen, this share of its height, without
 * a veil: the map above stays in view and usable (its numbered pins, zoom and actions).
 */
export const PHONE_SHEET_SHARE = 0.55;
/**
 * Beside the map, a side panel stands at the line's start, across the map from its buttons (which stand at the end:
 * app.css), so it never covers them. Mantine's Drawer lays out 'left' at the start in either direction (the right
 * of a right-to-left page); INLINE_END given to it put the panel over the buttons of the English page.
 */
export const SIDE_PANEL_POSITION = 'left';

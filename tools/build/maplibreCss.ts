/**
 * MapLibre's stylesheet without the rules of the parts of MapLibre this app does not use: its own zoom, compass,
 * geolocate, fullscreen, terrain, globe and scale controls, its logo, popups and cooperative-gesture notes. Most
 * of the file is their icons as inline SVG (8.3 kB of 9 kB compressed, all of it on the way to the first map); what
 * the app does use (the map and canvas, the compact attribution control and markers) is kept as MapLibre wrote it.
 * A control the app starts using is taken off UNUSED_PARTS, or its rules stay out and it shows unstyled.
 */
import postcss from 'postcss';
import type { Plugin } from 'vite';

/** The class-name parts (after `maplibregl-`) of what the app never shows. */
export const UNUSED_PARTS = [
  'ctrl-geolocate',
  'ctrl-compass',
  'ctrl-zoom-in',
  'ctrl-zoom-out',
  'ctrl-fullscreen',
  'ctrl-shrink',
  'ctrl-terrain',
  'ctrl-globe',
  'ctrl-logo',
  'ctrl-scale',
  'user-location',
  'popup',
  'pseudo-fullscreen',
  'cooperative-gesture',
  'desktop-message',
  'mobile-message',
] as const;

const UNUSED = new RegExp(`\\.maplibregl-(${UNUSED_PARTS.join('|')})`);
const MAPLIBRE_CSS = /\/maplibre-gl\/dist\/maplibre-gl\.css$/;

/** The stylesheet with every selector naming an unused part dropped, and rules and at-rules left empty removed. */
export function trimMaplibreCss(css: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !UNUSED.test(selector));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

/** The build's hook: MapLibre's stylesheet is trimmed as it is read, before Vite's own CSS handling. */
export function maplibreCss(): Plugin {
  return {
    name: 'makan-maplibre-css',
    enforce: 'pre',
    transform(code, id) {
      return MAPLIBRE_CSS.test(id.split('?')[0]!) ? { code: trimMaplibreCss(code), map: null } : undefined;
    },
  };
}

/**
 * MapLibre's stylesheet as the build trims it (tools/build/maplibreCss.ts): what the app shows keeps its rules,
 * what it never shows loses them, and nothing in the app starts showing a part whose rules were dropped.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { trimMaplibreCss, UNUSED_PARTS } from '../../tools/build/maplibreCss';

const original = readFileSync(createRequire(import.meta.url).resolve('maplibre-gl/dist/maplibre-gl.css'), 'utf8');
const trimmed = trimMaplibreCss(original);
const compressed = (css: string) => brotliCompressSync(Buffer.from(css)).length;

describe("MapLibre's stylesheet, trimmed", () => {
  it.each([
    '.maplibregl-map',
    '.maplibregl-canvas',
    '.maplibregl-canvas-container.maplibregl-interactive',
    '.maplibregl-ctrl-bottom-left',
    '.maplibregl-ctrl-attrib.maplibregl-compact',
    '.maplibregl-ctrl-attrib-button',
    '.maplibregl-marker',
  ])('keeps %s', (selector) => expect(trimmed).toContain(selector));

  it.each(UNUSED_PARTS)('drops every rule of maplibregl-%s', (part) => {
    expect(original).toContain(`.maplibregl-${part}`);
    expect(trimmed).not.toContain(`.maplibregl-${part}`);
  });

  it('is valid CSS and under a fifth of the compressed original', () => {
    expect(() => trimMaplibreCss(trimmed)).not.toThrow();
    expect(compressed(trimmed)).toBeLessThan(compressed(original) / 5);
  });

  it('leaves out nothing the app uses', () => {
    const sources = readdirSync('src', { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(tsx?|css)$/.test(entry.name))
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
      .join('\n');
    for (const part of UNUSED_PARTS) expect(sources).not.toContain(`maplibregl-${part}`);
    // MapLibre's own controls and popups (as classes or as react-map-gl's components), whose rules are dropped.
    expect(sources).not.toMatch(
      /(new |<)(NavigationControl|GeolocateControl|FullscreenControl|ScaleControl|TerrainControl|GlobeControl|LogoControl|Popup)\b/,
    );
  });
});

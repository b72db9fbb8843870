/**
 * What the page loads before its first map holds no deck.gl: MapLibre draws the first map's bubbles and pins, and
 * deck.gl's code (about 170 kB compressed) comes on demand (src/map/DeckLayers.tsx), off a slow link's first
 * seconds. Read from the client the tests built.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_CLIENT_DIR } from '../support/paths';

/** Strings only deck.gl's and luma.gl's code carries (a layer's name, luma.gl's log prefix). */
const DECK_MARKERS = ['ScatterplotLayer', 'luma.gl'];
const holdsDeck = (script: string) => DECK_MARKERS.some((marker) => script.includes(marker));

const asset = (href: string) => readFileSync(join(TEST_CLIENT_DIR, href), 'utf8');

describe('the scripts before the first map', () => {
  const html = readFileSync(join(TEST_CLIENT_DIR, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((m) => m[1]!);
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((m) => m[1]!);

  it('the entry and every module it preloads hold no deck.gl', () => {
    expect(entry).toHaveLength(1);
    expect(preloaded.length).toBeGreaterThan(3);
    for (const href of [...entry, ...preloaded]) expect(holdsDeck(asset(href)), href).toBe(false);
  });

  it('deck.gl is in a chunk of its own, loaded on demand', () => {
    const chunks = readdirSync(join(TEST_CLIENT_DIR, 'assets')).filter((name) => name.endsWith('.js'));
    const deck = chunks.filter((name) => holdsDeck(asset(`/assets/${name}`)));
    expect(deck.map((name) => name.replace(/-[\w-]+\.js$/, ''))).toEqual(['DeckLayers']);
    expect(asset(entry[0]!)).toContain(deck[0]);
  });
});

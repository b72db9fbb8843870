/**
 * What the page loads before its first map holds no deck.gl: MapLibre draws the first map's bubbles and pins, and
 * deck.gl's code (about 170 kB compressed) comes on demand (src/map/DeckLayers.tsx), off a slow link's first
 * seconds. MapLibre's worker brings only its own code: what it shares with the map is already loaded by the page
 * (tools/build/maplibreFromSource.ts). Read from the client the tests built.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TEST_CLIENT_DIR } from '../support/paths';
import { SHARED_CHUNK_NAME, WORKER_CHUNK_NAME } from '../../tools/build/maplibreFromSource';

/** Strings only deck.gl's and luma.gl's code carries (a layer's name, luma.gl's log prefix). */
const DECK_MARKERS = ['ScatterplotLayer', 'luma.gl'];
const holdsDeck = (script: string) => DECK_MARKERS.some((marker) => script.includes(marker));

const asset = (href: string) => readFileSync(join(TEST_CLIENT_DIR, href), 'utf8');
const chunkNamed = (name: string) =>
  readdirSync(join(TEST_CLIENT_DIR, 'assets')).filter((file) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(file));
/** The files a module imports statically, as the addresses the page would ask for. */
const importsOf = (script: string) =>
  [...script.matchAll(/(?:^|[;}])\s*import\s*(?:[^"'`;]*?from\s*)?["']\.\/([^"']+)["']/g)].map(
    (m) => `/assets/${m[1]!}`,
  );

const html = readFileSync(join(TEST_CLIENT_DIR, 'index.html'), 'utf8');
const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((m) => m[1]!);

describe('the scripts before the first map', () => {
  const entry = [...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((m) => m[1]!);

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

describe("MapLibre's worker", () => {
  const [worker] = chunkNamed(WORKER_CHUNK_NAME);
  const [shared] = chunkNamed(SHARED_CHUNK_NAME).filter((file) => file !== worker);

  it('imports only modules the page has already preloaded, MapLibre among them', () => {
    expect(worker).toBeDefined();
    const imports = importsOf(asset(`/assets/${worker!}`));
    expect(imports).toContain(`/assets/${shared!}`);
    for (const href of imports) expect(preloaded, href).toContain(href);
  });

  it('is small: its shared code is not in it again', () => {
    // The package's prebuilt worker, with its own copy of the shared code, is 122 kB compressed.
    expect(brotliCompressSync(asset(`/assets/${worker!}`)).length).toBeLessThan(20_000);
  });
});

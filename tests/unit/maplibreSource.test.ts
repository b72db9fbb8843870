/**
 * What building MapLibre from its source (tools/build/maplibreFromSource.ts) rests on, none of which MapLibre
 * promises: checked on the installed package, so that a new version that breaks it fails here, by name, before it
 * breaks `npm run build` or only `npm run dev`. Each failure says what to do.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const PACKAGE_DIR = dirname(require.resolve('maplibre-gl/package.json'));
const installed = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
};
const ours = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };

describe('MapLibre built from its source', () => {
  it('is pinned to one version, the one installed: a new one is taken on purpose, with this file run', () => {
    expect(ours.dependencies['maplibre-gl'], 'package.json must name an exact maplibre-gl version').toMatch(
      /^\d+\.\d+\.\d+$/,
    );
    expect(installed.version).toBe(ours.dependencies['maplibre-gl']);
  });

  it('the package still publishes its TypeScript source, with the two entries the plugin builds', () => {
    for (const entry of ['src/index.ts', 'src/source/worker.ts'])
      expect(
        existsSync(join(PACKAGE_DIR, entry)),
        `maplibre-gl no longer publishes ${entry}: find its new entry (map or worker) and change SOURCE's paths in tools/build/maplibreFromSource.ts, or go back to the package's prebuilt files`,
      ).toBe(true);
  });

  it('its one CommonJS dependency is still the one `npm run dev` prebundles', () => {
    expect(
      installed.dependencies['murmurhash-js'],
      'murmurhash-js left MapLibre: take it out of optimizeDeps.include in tools/build/maplibreFromSource.ts',
    ).toBeDefined();
    // CommonJS by what its main file is written in (a package may be ESM without saying so in its package.json).
    const commonJs = Object.keys(installed.dependencies).filter((name) => {
      try {
        const packageFile = require.resolve(`${name}/package.json`, { paths: [PACKAGE_DIR] });
        const meta = JSON.parse(readFileSync(packageFile, 'utf8')) as { type?: string; main?: string; module?: string };
        if (meta.type === 'module' || meta.module || !meta.main) return false;
        const main = readFileSync(join(dirname(packageFile), meta.main), 'utf8');
        return /\bmodule\.exports\b|\bexports\.\w+\s*=/.test(main) && !/^export /m.test(main);
      } catch {
        return false;
      }
    });
    expect(commonJs, 'a CommonJS dependency of MapLibre must be listed in optimizeDeps.include').toEqual([
      'murmurhash-js',
    ]);
  });

  it('still writes classes for TypeScript fields declared without initialisers (the setting the plugin compiles with)', () => {
    // The struct arrays declare typed views that their base class's constructor sets.
    const source = readFileSync(join(PACKAGE_DIR, 'src/data/array_types.g.ts'), 'utf8');
    expect(
      /^\s+(uint8|float32|int16|uint16|uint32): \w+Array;$/m.test(source),
      'MapLibre no longer declares fields its base class sets: removeClassFieldsWithoutInitializer can go',
    ).toBe(true);
  });

  it('does not publish the code its map and worker share as a chunk of its own yet', () => {
    // The package lists a shared file but leaves it empty. When it holds the code both run, the reason for building
    // from source is gone: import the package's files and drop tools/build/maplibreFromSource.ts.
    const shared = join(PACKAGE_DIR, 'dist/maplibre-gl-shared.mjs');
    expect(
      existsSync(shared) ? statSync(shared).size : 0,
      'MapLibre now publishes its shared chunk (dist/maplibre-gl-shared.mjs): build from its dist and drop the plugin',
    ).toBe(0);
  });
});

/**
 * MapLibre built from the TypeScript source its package publishes, as part of the app's own build, its worker a
 * second entry of that build rather than the package's prebuilt worker file.
 *
 * Why: the package's two prebuilt files each carry their own copy of what the map's page and its worker both run
 * (the style specification and its expressions, the struct arrays, the buckets, the geometry helpers): 122 kB of
 * worker to download after 232 kB of map, on the way to the first map. Built here, the code both use is one chunk
 * that the page has already loaded by the time the worker asks for it (a module worker imports it from the HTTP
 * cache), and the worker's own file holds only what runs in it alone.
 *
 * The app imports `maplibre-gl` as before (types still come from the package's declarations); the worker's URL is
 * the virtual module `virtual:maplibre-worker`, handed to `setWorkerUrl` (src/main.tsx). `npm run dev` serves the
 * worker's source module as it is.
 *
 * MapLibre's classes declare fields that their base classes' constructors set (the struct arrays' typed views):
 * its source is written for TypeScript's `useDefineForClassFields: false`, where such a declaration emits
 * nothing. The app's own setting (ES2022's class fields) would reset them to undefined, so MapLibre's files are
 * compiled here with MapLibre's setting, before Vite's own pass (which then finds plain JavaScript).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';

/** The package's published source, next to its package.json (which its exports let us resolve). */
const SOURCE = join(dirname(createRequire(import.meta.url).resolve('maplibre-gl/package.json')), 'src');
const MAP_ENTRY = join(SOURCE, 'index.ts');
const WORKER_ENTRY = join(SOURCE, 'source', 'worker.ts');
const WORKER_URL_MODULE = 'virtual:maplibre-worker';
const RESOLVED_WORKER_URL = `\0${WORKER_URL_MODULE}`;
/** The worker's file's name in the build (before its hash). */
export const WORKER_CHUNK_NAME = 'maplibre-worker';
/** The code both run, loaded by the page before the worker starts. */
export const SHARED_CHUNK_NAME = 'maplibre';

const sharedMapLibre = (chunk: { name: string; moduleIds: readonly string[] }) =>
  chunk.name !== WORKER_CHUNK_NAME && chunk.moduleIds.some((id) => id.startsWith(SOURCE));

export function maplibreFromSource(): Plugin {
  let serving = false;
  return {
    name: 'makan-maplibre-source',
    enforce: 'pre',
    config: () => ({
      resolve: { alias: [{ find: /^maplibre-gl$/, replacement: MAP_ENTRY }] },
      // `npm run dev` must not prebundle MapLibre past the transform below; its one CommonJS dependency still is.
      optimizeDeps: { exclude: ['maplibre-gl'], include: ['maplibre-gl > murmurhash-js'] },
      // The code the page and the worker share is named for what it is, not for whichever module came first.
      build: {
        rolldownOptions: {
          output: {
            chunkFileNames: (chunk: { name: string; moduleIds: readonly string[] }) =>
              `assets/${sharedMapLibre(chunk) ? SHARED_CHUNK_NAME : '[name]'}-[hash].js`,
          },
        },
      },
    }),
    configResolved(config) {
      serving = config.command === 'serve';
    },
    async transform(code, id) {
      // `npm run dev` asks with a version query after the file's name.
      const file = id.split('?')[0]!;
      if (!file.startsWith(SOURCE) || !file.endsWith('.ts')) return undefined;
      const compiled = await transformWithOxc(code, file, {
        lang: 'ts',
        tsconfig: false,
        typescript: { removeClassFieldsWithoutInitializer: true },
      });
      return { code: compiled.code, map: compiled.map };
    },
    resolveId: (id) => (id === WORKER_URL_MODULE ? RESOLVED_WORKER_URL : undefined),
    load(id) {
      if (id !== RESOLVED_WORKER_URL) return undefined;
      if (serving) return `export default ${JSON.stringify(`/@fs${WORKER_ENTRY}`)};`;
      const reference = this.emitFile({ type: 'chunk', id: WORKER_ENTRY, name: WORKER_CHUNK_NAME });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
  };
}

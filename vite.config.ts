import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest } from './src/shell/appManifest';
import { DEFAULT_LANGUAGE, LANGUAGES, MANIFEST_FILE } from './domain/language';
import { LANGUAGE_SCRIPT_FILE, languageScript } from './src/shell/languageScript';
import { maplibreCss } from './tools/build/maplibreCss';
import { maplibreFromSource } from './tools/build/maplibreFromSource';
import { pageFonts } from './tools/build/pageFonts';

const apiTarget = process.env['MAKAN_API_TARGET'] ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // Every text asset is also written as .br and .gz: the server sends the precompressed file the browser accepts.
  plugins: [
    react(),
    // MapLibre from its source, its worker sharing the page's copy of their common code (tools/build/maplibreFromSource.ts).
    maplibreFromSource(),
    // MapLibre's stylesheet without its unused controls' icons (tools/build/maplibreCss.ts).
    maplibreCss(),
    // The regular face declared in the page's head, for the shell and the server's pages (tools/build/pageFonts.ts).
    pageFonts(),
    // The service worker (sw/sw.ts) gets the build's file list to precache; the manifest makes the app installable.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: appManifest(DEFAULT_LANGUAGE),
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,json,geojson,pdf}'],
        // The precompressed twins are the same files; the maps' and charts' bundles are large but all needed offline.
        // The local inspector is a developer's (`?inspect=local`): no visitor's browser fetches it.
        globIgnores: ['**/*.br', '**/*.gz', '**/startLocalInspector-*'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
    }),
    {
      // The manifests of the languages other than the default (the PWA plugin writes the default's), and the
      // shell's first script, both written from domain/language.ts; the script is served as it is by `npm run dev`.
      name: 'makan-languages',
      generateBundle() {
        for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE))
          this.emitFile({
            type: 'asset',
            fileName: MANIFEST_FILE[language],
            source: JSON.stringify(appManifest(language)),
          });
        this.emitFile({ type: 'asset', fileName: LANGUAGE_SCRIPT_FILE, source: languageScript() });
      },
      configureServer(server) {
        server.middlewares.use(`/${LANGUAGE_SCRIPT_FILE}`, (_request, response) => {
          response.setHeader('content-type', 'text/javascript');
          response.end(languageScript());
        });
      },
    },
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 1024,
      include: /\.(m?js|css|html|svg|json|geojson|txt|woff)$/,
    }),
  ],
  resolve: {
    // deck.gl and luma.gl ship a build without their WebGPU paths under this condition: the map draws with WebGL
    // only, and the first visit downloads less.
    conditions: ['visgl:webgl-only', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    // Source maps reveal every source file: built only when asked for (VITE_SOURCEMAP=true), never by default.
    sourcemap: process.env['VITE_SOURCEMAP'] === 'true',
    chunkSizeWarningLimit: 2500,
  },
  server: {
    // `npm run dev` talks to a running `npm run serve` (or the real gateway via MAKAN_API_TARGET).
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});

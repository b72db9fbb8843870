import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env['MAKAN_API_TARGET'] ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // Every text asset is also written as .br and .gz: the server sends the precompressed file the browser accepts.
  plugins: [
    react(),
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 1024,
      include: /\.(m?js|css|html|svg|json|geojson|txt|woff)$/,
    }),
  ],
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

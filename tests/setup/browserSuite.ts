/**
 * Global set-up of the browser suites: Chromium is there (installed from Debian's packages when this
 * machine may), and the client is built into a folder of the tests' own, never the served dist/.
 */
import { build } from 'vite';
import { ensure } from '../../tools/provision/provision';
import { CHROMIUM } from '../../tools/provision/requirements';
import { TEST_CLIENT_DIR } from '../support/paths';

export default async function setup(): Promise<void> {
  ensure(CHROMIUM);
  // No raster tiles in tests: the machines here have no network, and the offline basemap is what is tested.
  process.env['VITE_TILE_URL'] = '';
  // Vitest sets NODE_ENV=test, which would give a development build of React: test what visitors get.
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({
      configFile: 'vite.config.ts',
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: TEST_CLIENT_DIR, emptyOutDir: true },
    });
  } finally {
    process.env['NODE_ENV'] = nodeEnv;
  }
}

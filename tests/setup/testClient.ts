/**
 * Global set-up of the projects that serve the client (the API's README commands and the browser suites): the
 * client is built once per run into the tests' own folder, never the served dist/, and only when its sources
 * changed since the build already there. Checkouts made for the README's commands get a copy of it, so their
 * `npm start` finds it up to date, as a developer's second start does.
 */
import { resolve } from 'node:path';
import { ensureClientBuild } from '../../tools/build/clientBuild';
import { TEST_CLIENT_DIR } from '../support/paths';

export default async function setup(): Promise<void> {
  // No raster tiles in tests: the machines here have no network, and the offline basemap is what is tested.
  // The commands the tests run get the same setting (support/commands.ts), so their builds match this one.
  process.env['VITE_TILE_URL'] = '';
  await ensureClientBuild({ root: resolve('.'), outDir: TEST_CLIENT_DIR });
}

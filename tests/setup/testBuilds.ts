/**
 * Global set-up of the projects that serve the client or start the server as its own process: the client and the
 * server are built once per run into the tests' own folder, never the served dist/ and dist-server/, and only when
 * their sources changed since the build already there. Checkouts made for the README's commands get a copy of both,
 * so their `npm start` finds them up to date, as a developer's second start does.
 */
import { resolve } from 'node:path';
import { ensureClientBuild } from '../../tools/build/clientBuild';
import { ensureServerBuild } from '../../tools/build/serverBuild';
import { TEST_CLIENT_DIR, TEST_SERVER_DIR } from '../support/paths';

export default async function setup(): Promise<void> {
  // No raster tiles in tests: the machines here have no network, and the offline basemap is what is tested.
  // The commands the tests run get the same setting (support/commands.ts), so their builds match this one.
  process.env['VITE_TILE_URL'] = '';
  await ensureClientBuild({ root: resolve('.'), outDir: TEST_CLIENT_DIR });
  await ensureServerBuild({ root: resolve('.'), outDir: TEST_SERVER_DIR });
}

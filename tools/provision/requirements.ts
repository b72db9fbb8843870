/** The system tools `npm test` needs beyond npm packages, each provisioned by `ensure`. */
import { existsSync } from 'node:fs';
import type { SystemRequirement } from './provision';

const firstExisting = (paths: readonly string[]) => () => paths.find((path) => existsSync(path)) ?? null;

export const CHROMIUM: SystemRequirement = {
  purpose: 'Chromium for the browser tests',
  envVar: 'CHROMIUM_PATH',
  find: firstExisting(['/usr/bin/chromium']),
  debianPackages: ['chromium'],
};

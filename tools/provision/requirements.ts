/** The system tools `npm test` needs beyond npm packages, each provisioned by `ensure`. */
import { existsSync, readdirSync } from 'node:fs';
import type { SystemRequirement } from './provision';

const firstExisting = (paths: readonly string[]) => () => paths.find((path) => existsSync(path)) ?? null;

export const CHROMIUM: SystemRequirement = {
  purpose: 'Chromium for the browser tests',
  envVar: 'CHROMIUM_PATH',
  find: firstExisting(['/usr/bin/chromium']),
  debianPackages: ['chromium'],
};

/**
 * Chromium's headless shell, for the browser tests: the same engine (Debian builds both from one source, one
 * version), without the browser window's own layer that headless Chromium still runs. A map file's pages cost
 * 129 CPU-seconds of all processes in it against 163 in Chromium (its browser process 9 against 20; 24 renderer
 * processes against 40), and the map and find files side by side 318 against 381 (issue 56). What the pages
 * draw is the same; a visitor's browser is Chromium, which the benchmarks keep.
 */
export const CHROMIUM_HEADLESS_SHELL: SystemRequirement = {
  purpose: "Chromium's headless shell for the browser tests",
  envVar: 'CHROMIUM_HEADLESS_SHELL_PATH',
  find: firstExisting(['/usr/bin/chromium-headless-shell']),
  debianPackages: ['chromium-headless-shell'],
};

/** PostgreSQL's server binaries of the newest installed major version that also has PostGIS. */
function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  const major = majors.find(
    (v) => existsSync(`${root}/${v}/bin/pg_ctl`) && existsSync(`/usr/share/postgresql/${v}/extension/postgis.control`),
  );
  return major ? `${root}/${major}/bin` : null;
}

export const POSTGRES: SystemRequirement = {
  purpose: 'PostgreSQL with PostGIS for the store tests',
  envVar: 'MAKAN_PG_BIN',
  find: postgresBinDir,
  // Debian 12's PostgreSQL is 15; contrib (btree_gist) comes with the server package.
  debianPackages: ['postgresql', 'postgresql-15-postgis-3'],
};

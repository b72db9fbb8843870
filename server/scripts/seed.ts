/**
 * Builds a database with the demo dataset.
 *   npm run seed -- --points 1000000 --db bench/.data/makan-1m.db
 *   npm run seed -- --points 1000000 --db postgres://user@host:5432/makan
 * Default file: data/makan-<points>.db (never the app's own data/makan.db unless asked with --db). A file
 * is made anew; a PostgreSQL database receives the same records through the import path (the demo's Guids
 * are fixed, so seeding it twice changes nothing the second time).
 */
import { existsSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_TOTAL } from '../seed/generate';
import { seedStore } from '../seed/seedDatabase';
import { StartupError } from '../startupError';
import { parseDbSpec, specLabel } from '../store/dbSpec';
import { openStore } from '../store/openStore';

try {
  const { values } = parseArgs({
    options: { points: { type: 'string' }, db: { type: 'string' }, seed: { type: 'string' } },
  });
  const points = values.points === undefined ? DEFAULT_TOTAL : Number(values.points);
  if (!Number.isInteger(points) || points < 31)
    throw new StartupError('--points must be a whole number of at least 31');
  const db = parseDbSpec(values.db ?? `data/makan-${points}.db`, '--db');
  if (db.kind === 'sqlite' && existsSync(db.file))
    for (const suffix of ['', '-wal', '-shm']) rmSync(db.file + suffix, { force: true });

  const started = performance.now();
  const { store, readonly } = await openStore(db);
  try {
    if (readonly)
      throw new StartupError(
        `${specLabel(db)} cannot be written here (a read-only file, or a standby in recovery): seed the primary database`,
      );
    const count = await seedStore(store, {
      totalPoints: points,
      seed: values.seed === undefined ? undefined : Number(values.seed),
    });
    console.log(
      `seeded ${count} locations into ${specLabel(db)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    store.close();
  }
} catch (error) {
  process.stderr.write(`makan seed: ${(error as Error).message}\n`);
  process.exitCode = 1;
}

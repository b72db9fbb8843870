/**
 * Builds a database file with the demo dataset.
 *   npm run seed -- --points 1000000 --db bench/.data/makan-1m.db
 * Default file: data/makan-<points>.db (never the app's own data/makan.db unless asked with --db).
 */
import { existsSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openStore } from '../store/openStore';
import { seedStore } from '../seed/seedDatabase';
import { DEFAULT_TOTAL } from '../seed/generate';

const { values } = parseArgs({ options: { points: { type: 'string' }, db: { type: 'string' }, seed: { type: 'string' } } });
const points = values.points === undefined ? DEFAULT_TOTAL : Number(values.points);
if (!Number.isInteger(points) || points < 31) throw new Error('--points must be a whole number of at least 31');
const file = values.db ?? `data/makan-${points}.db`;
if (existsSync(file)) for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });

const started = performance.now();
const { store } = await openStore(file);
const count = await seedStore(store, { totalPoints: points, seed: values.seed === undefined ? undefined : Number(values.seed) });
store.close();
console.log(`seeded ${count} locations into ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

/**
 * npm run bench:import [-- --points 1000000]
 * Times a CSV import of that many rows into a new SQLite database, then the same file again (every row
 * unchanged), and prints seconds and peak RSS of each run. The CSV is exported once from the benchmark's
 * database (built on first use) into bench/.data/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { points: { type: 'string', default: '1000000' } } });
const points = Number(values.points);
const source = `bench/.data/makan-${points}.db`;
const csv = `bench/.data/makan-${points}.csv`;
const target = `bench/.data/import-${points}.db`;

function tsx(script: string, args: string[]): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0 && run.status !== 3) throw new Error(`${script} exited ${run.status}`);
  return run.stdout;
}

if (!existsSync(source)) tsx('server/scripts/seed.ts', ['--points', String(points), '--db', source]);
if (!existsSync(csv)) tsx('server/scripts/export.ts', ['--db', source, '--out', csv]);
for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
// The new database's first open seeds nothing (a first import fills it); the import creates the schema.
for (const label of ['first import (all inserted)', 'same file again (all unchanged)']) {
  const out = tsx('server/scripts/import.ts', [csv, '--db', target]);
  const summary = /inserted (\d+), updated (\d+), unchanged (\d+).*\(([\d.]+) s, peak RSS (\d+) MB\)/.exec(out);
  if (!summary) throw new Error(`unexpected import output: ${out}`);
  const [, inserted, updated, unchanged, seconds, rss] = summary;
  const rate = Math.round((Number(inserted) + Number(updated) + Number(unchanged)) / Number(seconds));
  console.log(
    `${label}: ${seconds} s (${rate.toLocaleString('en-US')} rows/s), peak RSS ${rss} MB | inserted ${inserted}, updated ${updated}, unchanged ${unchanged}`,
  );
}
for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });

/**
 * npm run bench:upload [-- --points 100000]
 * What a console upload costs the server: a whole-country CSV of that many rows (exported once from the
 * benchmark's database) checked as the console's preview does (a dry run of the import with the quality report)
 * against the same dry run without it (the CLI's `--dry-run`: the strong plain baseline), on a copy of the same
 * database, in one run. Prints each median of 3 with its rows per second and the ratio, and the quality check's
 * own share (the records checked in memory alone). Nothing is asserted.
 */
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse';
import { createReadStream } from 'node:fs';
import { QualityCheck } from '../server/importer/quality';
import { runImport } from '../server/importer/runImport';
import { validateRecord } from '../server/importer/validate';
import { openStore } from '../server/store/openStore';

const { values } = parseArgs({ options: { points: { type: 'string', default: '100000' } } });
const points = Number(values.points);
const source = `bench/.data/makan-${points}.db`;
const csv = `bench/.data/makan-${points}.csv`;
const target = `bench/.data/upload-${points}.db`;

function tsx(script: string, args: string[]): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`${script} exited ${run.status}`);
}

if (!existsSync(source)) tsx('server/scripts/seed.ts', ['--points', String(points), '--db', source]);
// Opened for writing once: a database an older Makan made is brought to this schema (the export reads it read-only).
(await openStore(source)).store.close();
if (!existsSync(csv)) tsx('server/scripts/export.ts', ['--db', source, '--out', csv]);
for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
copyFileSync(source, target);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const { store } = await openStore(target);
try {
  const timed = async (quality: boolean) => {
    const runs: number[] = [];
    let findings = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const result = await runImport(store, csv, { dryRun: true, quality });
      runs.push(performance.now() - started);
      findings = result.quality?.findings.length ?? 0;
    }
    return { ms: median(runs), findings };
  };
  const plain = await timed(false);
  const checked = await timed(true);
  const rate = (ms: number) => Math.round(points / (ms / 1000)).toLocaleString('en-US');
  console.log(`${points.toLocaleString('en-US')} rows, median of 3, dry runs on a copy of the same SQLite database`);
  console.log(
    `plain dry run (npm run import -- --dry-run): ${(plain.ms / 1000).toFixed(2)} s (${rate(plain.ms)} rows/s)`,
  );
  console.log(
    `console preview (with the quality report): ${(checked.ms / 1000).toFixed(2)} s (${rate(checked.ms)} rows/s), ${checked.findings} findings`,
  );
  console.log(`ratio preview / plain: ${(checked.ms / plain.ms).toFixed(2)}`);

  // The quality check alone: the file's records read and validated, then checked in memory.
  const records: { record: NonNullable<ReturnType<typeof validateRecord>['record']>; where: string }[] = [];
  let line = 1;
  for await (const raw of createReadStream(csv).pipe(parse({ columns: true, bom: true }))) {
    line++;
    const { record } = validateRecord(raw as Record<string, unknown>, `line ${line}`);
    if (record) records.push({ record, where: `line ${line}` });
  }
  const alone: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const check = new QualityCheck();
    for (const { record, where } of records) check.add(record, where);
    check.report();
    alone.push(performance.now() - started);
  }
  console.log(`quality check alone, in memory: ${median(alone).toFixed(0)} ms (${rate(median(alone))} rows/s)`);
  console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
} finally {
  store.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
}

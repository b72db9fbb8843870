/**
 * A benchmark server process: `tsx bench/serve.ts <db> <port> store|naive [clientDir]`, where db is a SQLite
 * file or a postgres:// URL (as MAKAN_DB). `naive` is the SQLite baseline without a spatial index; a client
 * folder, when given, is served as `npm start` serves the build. MAKAN_SNAPSHOT_DIR keeps points snapshots
 * there, MAKAN_BENCH_WARM_UP=1 warms every type once listening, as `npm start` does (and prints `trades warmed`
 * once it has read the trade indexes after that), and MAKAN_BENCH_SHELL_ONLY=1 sends the bare page shell rather
 * than the server-rendered pages (the app as it was before them).
 */
import { buildApp } from '../server/app';
import { parseDbSpec } from '../server/store/dbSpec';
import { openStore } from '../server/store/openStore';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { naiveStore } from './NaiveStore';
import { TRADES_WARMED_MESSAGE } from '../server/points/warmUp';

const [text, port, kind, clientDir] = process.argv.slice(2);
// The same rule as MAKAN_DB: a file path or a postgres:// URL, anything else refused.
const spec = parseDbSpec(text ?? '', 'the benchmark database');
// As npm start does, a large file's page check is left until after the server listens (here: not run at all;
// the benchmark's own files are checked when made).
const store =
  kind === 'naive'
    ? naiveStore(openDatabase(spec.kind === 'sqlite' ? spec.file : '', { readonly: true, pagesChecked: true }).db)
    : (await openStore(spec, { readonly: true, deferPageCheckAbove: 0 })).store;
const app = await buildApp({
  store,
  rateLimit: 10_000_000,
  clientDir: clientDir ?? null,
  tileOrigin: null,
  snapshotDir: process.env['MAKAN_SNAPSHOT_DIR'] || null,
  warmUp: process.env['MAKAN_BENCH_WARM_UP'] === '1',
  // The one line a benchmark waits on, out of a log kept quiet otherwise (requests are not logged).
  logger: {
    level: 'info',
    stream: { write: (line: string) => line.includes(TRADES_WARMED_MESSAGE) && console.log('trades warmed') },
  },
  serverPages: process.env['MAKAN_BENCH_SHELL_ONLY'] !== '1',
});
await app.listen({ host: '127.0.0.1', port: Number(port) });
console.log('ready');

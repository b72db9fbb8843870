/**
 * A clustered benchmark server: `tsx bench/clusterServe.ts <sqlite db> <port> shared|local`. Two processes
 * share the port as under `npm start`; `shared` counts the rate limit in the primary (what the server does),
 * `local` in each process (the cost-free baseline the shared count is measured against). Prints `ready`
 * once both listen.
 */
import cluster from 'node:cluster';
import { buildApp } from '../server/app';
import { countForWorkers, localRateCounter, primaryRateCounter } from '../server/rateLimit/rateCounter';
import { parseDbSpec } from '../server/store/dbSpec';
import { openStore } from '../server/store/openStore';

const WORKERS = 2;
const [db, port, counting] = process.argv.slice(2);
/** High enough never to refuse: what is measured is the counting, not the refusals. */
const RATE_LIMIT = 1_000_000_000;

if (cluster.isPrimary) {
  if (counting === 'shared') countForWorkers(WORKERS);
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === WORKERS) console.log('ready');
  });
  for (let i = 0; i < WORKERS; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const { store } = await openStore(parseDbSpec(db ?? '', 'the benchmark database'), {
    readonly: true,
    deferPageCheckAbove: 0,
  });
  const app = await buildApp({
    store,
    rateLimit: RATE_LIMIT,
    rateCounter: counting === 'shared' ? primaryRateCounter() : localRateCounter(),
    clientDir: null,
    tileOrigin: null,
  });
  await app.listen({ host: '127.0.0.1', port: Number(port) });
}

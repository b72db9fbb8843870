/**
 * npm start: checks its settings and the port, opens (and on first run creates and seeds) the database,
 * then serves app and API from MAKAN_WORKERS processes sharing the port (node:cluster; one per core by
 * default). The primary prepares the database once, before any worker opens it. Any start-up failure is one
 * line on stderr and a non-zero exit.
 */
import cluster from 'node:cluster';
import pino from 'pino';
import { buildApp } from './app';
import { checkPagesLater } from './deferredPageCheck';
import { readConfig, type ServerConfig } from './config';
import { ensurePortFree } from './portCheck';
import { isReadinessMessage, Readiness, type ReadinessMessage } from './readiness';
import { Respawner } from './respawn';
import { countForWorkers, primaryRateCounter, type RateCounter } from './rateLimit/rateCounter';
import { sharedRateCounter } from './rateLimit/sharedRateCounter';
import { seedStore } from './seed/seedDatabase';
import { StartupError } from './startupError';
import type { LocationStore } from './store/LocationStore';
import { DEFAULT_DB, parseDbSpec, specLabel } from './store/dbSpec';
import { damaged, isDamageError } from './store/sqlite/openDatabase';
import { openStore } from './store/openStore';

/** Opens the database, seeding it with the demo data on its first start (version 0). */
async function prepareDatabase(config: ServerConfig): Promise<{
  store: LocationStore;
  readonly: boolean;
  pagesUnchecked: boolean;
  seeded: { count: number; seconds: number } | null;
}> {
  const { store, readonly, pagesUnchecked } = await openStore(config.db, {
    deferPageCheckAbove: config.pageCheckAfterMb * 1024 * 1024,
  });
  if ((await store.meta()).version > 0) return { store, readonly, pagesUnchecked, seeded: null };
  if (readonly)
    throw new StartupError(
      `MAKAN_DB=${specLabel(config.db)} holds no data and cannot be written; give the server write access to fill it`,
    );
  const started = performance.now();
  const count = await seedStore(store);
  return {
    store,
    readonly,
    pagesUnchecked,
    seeded: { count, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) },
  };
}

const readyMessage = (config: ServerConfig) => `Makan is ready at http://${config.host}:${config.port}/`;
/** Said when the port is open: answers are right from then on, at full speed once warmed ("ready"). */
const listeningMessage = (config: ServerConfig) =>
  `listening at http://${config.host}:${config.port}/; warming the in-memory indexes (GET /api/health says "warming" until ready)`;
const readyFields = (config: ServerConfig, readonly: boolean) => ({
  url: `http://${config.host}:${config.port}/`,
  db: specLabel(config.db),
  readonly,
  workers: config.workers,
});

/**
 * Serves from this process until SIGINT or SIGTERM. Alone (`announce`), it logs that it listens and, once
 * warmed, the ready line; one of several leaves both to the primary, which hears when every one has warmed.
 */
async function serve(
  config: ServerConfig,
  store: LocationStore,
  readonly: boolean,
  announce: boolean,
  rateCounter?: RateCounter,
): Promise<void> {
  const readiness = new Readiness(true, !announce);
  const app = await buildApp({
    store,
    rateLimit: config.rateLimit,
    rateWindowS: config.rateWindowS,
    trustProxy: config.trustProxy,
    rateCounter,
    clientDir: config.clientDir,
    publicOrigin: config.publicOrigin,
    tileOrigin: config.tileOrigin,
    basemap: config.basemap,
    logger: { level: config.logLevel },
    pointsMemoryMb: config.pointsMemoryMb,
    clustersMemoryMb: config.clustersMemoryMb,
    warmUp: true,
    readiness,
    snapshotDir: config.snapshotDir,
    // The console's imports get a connection of their own, as the CLI's do.
    importDb: readonly ? null : config.db,
  });
  if (readonly && announce)
    app.log.warn({ db: specLabel(config.db) }, 'the database cannot be written here: serving it read-only');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    store.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  if (announce) readiness.once('ready', () => app.log.info(readyFields(config, readonly), readyMessage(config)));
  await app.listen({ host: config.host, port: config.port });
  if (announce) app.log.info({ url: readyFields(config, readonly).url }, listeningMessage(config));
}

async function primary(): Promise<void> {
  const config = readConfig();
  await ensurePortFree(config.host, config.port);
  const { store, readonly, pagesUnchecked, seeded } = await prepareDatabase(config);
  const log = pino({ level: config.logLevel });
  if (seeded)
    log.info(
      { db: specLabel(config.db), locations: seeded.count, seconds: seeded.seconds },
      'created and seeded the database',
    );
  if (pagesUnchecked && config.db.kind === 'sqlite') {
    // A damaged file found after start stops the server, like one found before it: serving it would fail at random.
    void checkPagesLater(config.db.file, (message) => {
      process.stderr.write(`makan: ${message}\n`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    });
  }
  if (config.workers === 1)
    return serve(config, store, readonly, true, config.rateDb ? sharedRateCounter(config.rateDb, log) : undefined);
  store.close();
  if (readonly) log.warn({ db: specLabel(config.db) }, 'the database cannot be written here: serving it read-only');

  let listening = 0;
  let stopping = false;
  let announced = false;
  // The processes that have warmed: the server is ready (to a balancer's health check) when every one has.
  const warmed = new Set<number>();
  const tellAll = (all: boolean) => {
    for (const worker of Object.values(cluster.workers ?? {}))
      // A process already on its way out has closed its channel: a send to it fails, and a failure with no
      // callback is an 'error' event that would stop this primary, leaving the other processes behind it.
      if (worker?.isConnected())
        worker.send({ makan: 'server-warmed', all } satisfies ReadinessMessage, (error) => {
          if (error) log.debug({ pid: worker.process.pid, err: error }, 'a server process left before it was told');
        });
  };
  const respawner = new Respawner();
  // Each process's last words: a worker that cannot start sends its reason before it exits.
  const lastError = new Map<number, string>();
  const everListened = new Set<number>();
  const fork = () => cluster.fork();
  const stopAll = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  cluster.on('listening', (worker) => {
    everListened.add(worker.id);
    respawner.listened();
    listening += 1;
    if (listening === config.workers) log.info({ url: readyFields(config, readonly).url }, listeningMessage(config));
  });
  cluster.on('message', (worker, message: unknown) => {
    if (isFatalMessage(message)) lastError.set(worker.id, message.message);
    if (!isReadinessMessage(message) || message.makan !== 'warmed') return;
    warmed.add(worker.id);
    if (warmed.size < config.workers) return;
    tellAll(true);
    if (!announced) log.info(readyFields(config, readonly), readyMessage(config));
    announced = true;
  });
  cluster.on('exit', (worker, code, signal) => {
    if (warmed.delete(worker.id) && !stopping) tellAll(false);
    const why = lastError.get(worker.id) ?? (signal ? `killed by ${signal}` : `exit code ${code}`);
    const served = everListened.has(worker.id);
    lastError.delete(worker.id);
    everListened.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (listening < config.workers) {
      // A worker that fails to start has said why on stderr; starting more would fail the same way.
      stopAll();
      process.exit(code === 0 ? 1 : code);
    }
    const decision = respawner.stopped(served);
    if (decision.giveUp) {
      stopAll();
      process.stderr.write(
        `makan: a server process failed to start ${decision.failures} times in a row (the last: ${why}); stopping: fix that, then start again\n`,
      );
      process.exit(1);
    }
    log.error(
      { pid: worker.process.pid, code, signal, reason: why, restartInMs: decision.delayMs },
      'a server process stopped; starting another',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, decision.delayMs);
  });
  const shutdown = (signal: string) => {
    if (stopping) return;
    log.info({ signal }, 'shutting down');
    stopAll();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // One count per client for the whole server, whichever process a connection lands on.
  countForWorkers(config.workers);
  for (let i = 0; i < config.workers; i++) fork();
}

/** A server process started by the primary, which has prepared the database and checked its pages. */
async function worker(): Promise<void> {
  const config = readConfig();
  const { store, readonly } = await openStore(config.db, { pagesChecked: true });
  const log = pino({ level: config.logLevel });
  let warned = false;
  // Counted with every machine's processes in the shared table, or with this server's other processes.
  const rateCounter = config.rateDb
    ? sharedRateCounter(config.rateDb, log)
    : primaryRateCounter((reason) => {
        if (!warned) log.warn({ reason }, 'counting requests in this process: the primary does not answer');
        warned = true;
      });
  await serve(config, store, readonly, false, rateCounter);
}

/** A worker's reason for failing, sent to the primary before it exits. */
interface FatalMessage {
  makan: 'fatal';
  message: string;
}
const isFatalMessage = (message: unknown): message is FatalMessage =>
  typeof message === 'object' && message !== null && (message as { makan?: unknown }).makan === 'fatal';

/** What to say of a failed start: a StartupError says it; damage SQLite meets in a query is said like the page check's. */
function startupMessage(error: unknown): string {
  if (error instanceof StartupError) return error.message;
  const why = error instanceof Error ? error.message : String(error);
  if (isDamageError(error)) {
    return damaged(specLabel(parseDbSpec(process.env['MAKAN_DB'] || DEFAULT_DB)), why).message;
  }
  return `could not start: ${why}`;
}

(cluster.isPrimary ? primary() : worker()).catch((error: unknown) => {
  const message = startupMessage(error);
  process.stderr.write(`makan: ${message}\n`);
  // A worker tells the primary why, so it can say so if it gives up on restarting it.
  if (cluster.isWorker && process.send)
    process.send({ makan: 'fatal', message } satisfies FatalMessage, () => process.exit(1));
  else process.exit(1);
});

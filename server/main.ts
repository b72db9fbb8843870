/**
 * npm start: checks its settings and the port, opens (and on first run creates and seeds) the database,
 * then serves app and API. Any start-up failure is one line on stderr and a non-zero exit.
 */
import { buildApp } from './app';
import { readConfig } from './config';
import { ensurePortFree } from './portCheck';
import { seedStore } from './seed/seedDatabase';
import { StartupError } from './startupError';
import { openStore } from './store/openStore';

async function start(): Promise<void> {
  const config = readConfig();
  await ensurePortFree(config.host, config.port);
  const { store, readonly } = await openStore(config.dbFile);
  const seeded = (await store.meta()).version > 0;
  if (!seeded && readonly) throw new StartupError(`MAKAN_DB=${config.dbFile} holds no data and cannot be written; give the server write access to fill it`);
  let seededCount = 0;
  const seedStarted = performance.now();
  // A dataset never filled (version 0) gets the demo data, through the same import path as real data.
  if (!seeded) seededCount = await seedStore(store);
  const app = await buildApp({
    store,
    rateLimit: config.rateLimit,
    clientDir: config.clientDir,
    tileOrigin: config.tileOrigin,
    logger: { level: config.logLevel },
  });
  if (seededCount > 0) {
    app.log.info({ db: config.dbFile, locations: seededCount, seconds: Number(((performance.now() - seedStarted) / 1000).toFixed(1)) }, 'created and seeded the database');
  }
  if (readonly) app.log.warn({ db: config.dbFile }, 'the database cannot be written here: serving it read-only');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    store.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info({ url: `http://${config.host}:${config.port}/`, db: config.dbFile, readonly }, `Makan is ready at http://${config.host}:${config.port}/`);
}

start().catch((error: unknown) => {
  const message = error instanceof StartupError ? error.message : `could not start: ${error instanceof Error ? error.message : String(error)}`;
  process.stderr.write(`makan: ${message}\n`);
  process.exit(1);
});

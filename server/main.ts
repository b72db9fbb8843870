/** npm start: opens (and on first run creates and seeds) the database, then serves app and API. */
import { buildApp } from './app';
import { readConfig } from './config';
import { seedDatabase } from './seed/seedDatabase';
import { isSeeded, openDatabase } from './store/sqlite/openDatabase';
import { SqliteStore } from './store/sqlite/SqliteStore';

const config = readConfig();
const db = openDatabase(config.dbFile);
if (!isSeeded(db)) {
  const started = performance.now();
  const count = seedDatabase(db);
  console.log(`created ${config.dbFile} with ${count} demo locations in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const store = new SqliteStore(db);
const app = await buildApp({ store, rateLimit: config.rateLimit, clientDir: config.clientDir, tileOrigin: config.tileOrigin });

const shutdown = async () => {
  await app.close();
  store.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ host: config.host, port: config.port });
console.log(`Makan is ready at http://${config.host}:${config.port}/`);

/** A benchmark server process: `tsx bench/serve.ts <db> <port> indexed|naive`. */
import { buildApp } from '../server/app';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { SqliteStore } from '../server/store/sqlite/SqliteStore';
import { NaiveStore } from './NaiveStore';

const [dbFile, port, kind] = process.argv.slice(2);
const { db } = openDatabase(dbFile!, { readonly: true });
const store = kind === 'naive' ? new NaiveStore(db) : new SqliteStore(db);
const app = await buildApp({ store, rateLimit: 10_000_000, clientDir: null, tileOrigin: null });
await app.listen({ host: '127.0.0.1', port: Number(port) });
console.log('ready');

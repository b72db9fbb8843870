/** Starts our real server on a free loopback port over a freshly seeded temporary SQLite file. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app';
import { openBasemap } from '../../server/basemap/basemapFile';
import { openDatabase, type Db } from '../../server/store/sqlite/openDatabase';
import { SqliteStore } from '../../server/store/sqlite/SqliteStore';
import type { LocationRecord, LocationStore } from '../../server/store/LocationStore';
import { openStore } from '../../server/store/openStore';
import { parseDbSpec } from '../../server/store/dbSpec';
import { TEST_CLIENT_DIR } from './paths';
import { copySeededSqlite, createSeededPostgres } from './seededDatabases';

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  /** What `--db` takes to reach this server's database: a SQLite file, or a postgres:// URL. */
  dbFile: string;
  /** The SQLite database under the store (a test may close it to provoke server failures); null for PostgreSQL. */
  db: Db | null;
  /** The store the server reads (a test may start a second server on it). */
  store: LocationStore;
  stop(): Promise<void>;
}

export type StoreKind = 'sqlite' | 'postgres';
export const STORE_KINDS: readonly StoreKind[] = ['sqlite', 'postgres'];

export interface TestServerOptions {
  /** Which store serves (default SQLite); PostgreSQL gets a fresh database in the tests' cluster. */
  store?: StoreKind;
  points?: number;
  rateLimit?: number;
  withClient?: boolean;
  /** Serve the built client from here instead of the tests' build (a copy a test may change). */
  clientDir?: string;
  logger?: AppOptions['logger'];
  timeouts?: AppOptions['timeouts'];
  warmUp?: boolean;
  /** Keep built points here between servers (none by default). */
  snapshotDir?: string;
  /** A PMTiles file the server sends the map as its vector basemap (none by default). */
  basemap?: string;
  /** The staff desk's per-client limits (the defaults unless given). */
  deskLimits?: AppOptions['deskLimits'];
  /** Proxies whose X-Forwarded-* headers are believed (none by default). */
  trustProxy?: string[];
  /** The site's configured public address (by default the address the server listens at). */
  publicOrigin?: string;
  /**
   * Changes the seeded database before the server opens it, as another tool writing to it might (given the
   * SQLite file or the PostgreSQL URL).
   */
  prepare?: (db: string) => Promise<void>;
  /** The server's pages, where a test adds one (server/pages/pageRoutes.ts PAGE_ROUTES by default). */
  pageRoutes?: AppOptions['pageRoutes'];
}

/**
 * A fresh database in the tests' PostgreSQL cluster (see tests/setup/postgresCluster.ts): empty, or made by
 * `create` (a copy of a seeded one).
 */
export async function createPostgresDatabase(
  create?: (name: string) => Promise<void>,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = inject('pgAdminUrl');
  const name = `makan_${randomBytes(6).toString('hex')}`;
  if (create) await create(name);
  else {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
  }
  const url = admin.replace(/\/postgres$/, `/${name}`);
  return {
    url,
    async drop() {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'makan-test-'));
  const points = Math.round(options.points ?? 4000);
  let dbFile = join(dir, 'makan.db');
  let db: Db | null = null;
  let store: LocationStore;
  let dropDatabase = async () => {};
  // The demo seed of this size, copied from the run's one (as seeding it here would make it).
  if (options.store === 'postgres') {
    const database = await createPostgresDatabase((name) => createSeededPostgres(points, name));
    dbFile = database.url;
    dropDatabase = database.drop;
    await options.prepare?.(dbFile);
    store = (await openStore(database.url)).store;
  } else {
    await copySeededSqlite(points, dbFile);
    await options.prepare?.(dbFile);
    db = openDatabase(dbFile).db;
    store = new SqliteStore(db);
  }
  const app = await buildApp({
    store,
    rateLimit: options.rateLimit ?? 100_000,
    clientDir: options.withClient ? (options.clientDir ?? TEST_CLIENT_DIR) : null,
    tileOrigin: null,
    logger: options.logger,
    timeouts: options.timeouts,
    warmUp: options.warmUp,
    snapshotDir: options.snapshotDir ?? null,
    basemap: options.basemap ? openBasemap(options.basemap) : null,
    importDb: parseDbSpec(dbFile),
    deskLimits: options.deskLimits,
    trustProxy: options.trustProxy,
    publicOrigin: options.publicOrigin ?? null,
    pageRoutes: options.pageRoutes,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    app,
    dbFile,
    db,
    store,
    async stop() {
      await app.close();
      if (db === null || db.open) store.close();
      await dropDatabase();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fetch client holding the XSRF cookie like a browser would, and echoing it on POSTs like the spec's client. */
export class ApiClient {
  private token: string | null = null;

  constructor(private readonly baseUrl: string) {}

  async request(path: string, init: RequestInit = {}, options: { sendXsrf?: boolean } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.token) headers.set('cookie', `XSRF-TOKEN=${this.token}`);
    if (this.token && (options.sendXsrf ?? true) && init.method && init.method !== 'GET')
      headers.set('x-xsrf-token', this.token);
    const response = await fetch(this.baseUrl + path, { ...init, headers });
    const match = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get('set-cookie') ?? '');
    if (match?.[1]) this.token = match[1];
    return response;
  }

  async json<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await this.request(path, init);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async post(path: string, body: unknown, options: { sendXsrf?: boolean } = {}): Promise<Response> {
    if (!this.token) await this.request('/api/types');
    return this.request(
      path,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      options,
    );
  }
}

/**
 * Every stored location of one type (or all), read back through a second connection to the server's database:
 * what the API tests ask their questions of naively.
 */
export async function storedRecords(server: TestServer, typeId: string | null): Promise<LocationRecord[]> {
  const opened = await openStore(server.dbFile);
  try {
    const records: LocationRecord[] = [];
    for await (const record of opened.store.exportRecords(typeId)) records.push(record);
    return records;
  } finally {
    opened.store.close();
  }
}

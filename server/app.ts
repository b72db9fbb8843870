/**
 * Assembles the HTTP server and does nothing else: the server's own settings (timeouts, ids, limits), then
 * security (http/security.ts), the OpenAPI description, the API under /api with its conventions
 * (http/apiConventions.ts) and every route module of one list (routes/apiRoutes.ts), the basemap archive, and the
 * built client (http/clientShell.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { BasemapFile } from './basemap/basemapFile';
import { DatabaseReach } from './store/databaseReach';
import { DerivedData } from './derived/DerivedData';
import { ConsoleImports } from './desk/consoleImports';
import { DEFAULT_DESK_LIMITS, type DeskLimits } from './desk/deskLimits';
import { installApiConventions } from './http/apiConventions';
import { serveClient } from './http/clientShell';
import { answerClientError, answerUnmetExpectation, answerUnroutable, MAX_PARAM_LENGTH } from './http/clientErrors';
import { closeConnectionsPromptly } from './http/closing';
import { installControlCharacterCheck } from './http/controlCharacters';
import { installErrorHandler } from './http/errors';
import { installOpenApi } from './http/openApi';
import { installSecurity, safetyHeaders } from './http/security';
import { PAGE_ROUTES, type PageRoute } from './pages/pageRoutes';
import type { Readiness } from './readiness';
import type { RateCounter } from './rateLimit/rateCounter';
import { API_ROUTES } from './routes/apiRoutes';
import { registerBasemapFile } from './routes/basemapRoutes';
import type { RouteContext } from './routes/context';
import type { DbSpec } from './store/dbSpec';
import type { LocationStore } from './store/LocationStore';

export interface AppOptions {
  store: LocationStore;
  rateLimit: number;
  /** The rate limit's window in seconds (default 60). */
  rateWindowS?: number;
  /** Proxies whose X-Forwarded-For names the client (the client is then counted, not the proxy); none by default. */
  trustProxy?: string[];
  /** Where requests are counted against rateLimit: this process by default; the primary for a clustered server. */
  rateCounter?: RateCounter;
  clientDir: string | null;
  tileOrigin: string | null;
  /** A PMTiles vector basemap to send the map (none by default: the bundled basemap alone). */
  basemap?: BasemapFile | null;
  filesDir?: string;
  /** Pino logger settings (one JSON line per entry); false for none. */
  logger?: FastifyServerOptions['logger'];
  timeouts?: Partial<HttpTimeouts>;
  /** MB the in-memory points of all types may hold together (least recently used types are dropped beyond). */
  pointsMemoryMb?: number;
  /** MB the cluster indexes may hold together (default DEFAULT_CLUSTERS_MEMORY_MB). */
  clustersMemoryMb?: number;
  /** Builds every type's in-memory points and cluster index once listening and after each data change (npm start). */
  warmUp?: boolean;
  /** What `/api/health` reports; by default this process alone, ready once warmed (at once without warmUp). */
  readiness?: Readiness;
  /** Where each type's built points are kept, so the next start reads them instead of rebuilding (none by default). */
  snapshotDir?: string | null;
  /**
   * Whether the routes are sent as pages the server renders with their answer (server/pages; the default), or
   * as the bare shell the app fills, as before them (`npm run bench:pages` measures one against the other).
   */
  serverPages?: boolean;
  /** The server's pages (server/pages/pageRoutes.ts by default; a test may add one to prove a page joins by entry). */
  pageRoutes?: readonly PageRoute[];
  /**
   * The site's public address for its pages' links, sitemap, robots.txt and feeds (config.ts publicOrigin);
   * by default the address the server listens at. Never a request's Host header.
   */
  publicOrigin?: string | null;
  /** The database the console's imports write, opened by their worker thread (none: the console cannot import). */
  importDb?: DbSpec | null;
  /** How often a client may try to sign in and file reports (the defaults unless a test asks otherwise). */
  deskLimits?: Partial<DeskLimits>;
}

/** The configured origin, or the address the server listens at (known once it listens). */
function publicOriginOf(app: FastifyInstance, configured: string | null): () => string {
  if (configured !== null) return () => configured;
  let listening: string | null = null;
  return () => {
    if (listening !== null) return listening;
    const address = app.server.address();
    if (address === null || typeof address === 'string') return 'http://127.0.0.1';
    const host =
      address.address === '0.0.0.0'
        ? '127.0.0.1'
        : address.address === '::'
          ? '[::1]'
          : address.family === 'IPv6'
            ? `[${address.address}]`
            : address.address;
    return (listening = `http://${host}:${address.port}`);
  };
}

/** How often the database file's identity is checked when nothing writes (every write checks it too). */
const FILE_CHECK_MS = 1_000;

/** A database file removed or replaced under the server is noticed within a second, and logged once. */
function watchDatabaseFile(app: FastifyInstance, store: LocationStore): void {
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onListen', async () => {
    timer = setInterval(() => {
      const lost = store.writesRefused();
      if (lost === null) return;
      app.log.error({ database: 'lost' }, lost);
      clearInterval(timer!);
    }, FILE_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/** How long a client may take, in ms: a public API does not hold sockets for slow or idle clients. */
export interface HttpTimeouts {
  /** The whole request, headers and body, must arrive within this. */
  request: number;
  /** The headers must arrive within this. */
  headers: number;
  /**
   * An idle keep-alive connection is closed after this. Longer than clients' and proxies' own idle limits
   * (undici 4 s, browsers and load balancers about 60 s): a server closing first races a reused socket and
   * the client sees a reset. Slow clients are cut off by the request and header limits, not this.
   */
  keepAlive: number;
  /** How often Node checks requests against the two limits above. */
  checkInterval: number;
}

export const DEFAULT_TIMEOUTS: HttpTimeouts = {
  request: 30_000,
  headers: 10_000,
  keepAlive: 72_000,
  checkInterval: 1_000,
};

export const DEFAULT_FILES_DIR = new URL('./files', import.meta.url).pathname;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const headers = safetyHeaders(options.tileOrigin);
  const app = Fastify({
    logger: options.logger ?? false,
    // Our own request ids (the client's x-request-id is not trusted), sent back on every answer.
    genReqId: () => randomUUID(),
    // Only a listed proxy's X-Forwarded-For is believed: anyone else could name any client with it.
    trustProxy: options.trustProxy && options.trustProxy.length > 0 ? options.trustProxy : false,
    requestIdHeader: false,
    // A line per request would drown the ones that matter: failures are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 16 * 1024,
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerUnroutable(headers),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout: timeouts.request,
          headersTimeout: timeouts.headers,
          keepAliveTimeout: timeouts.keepAlive,
          connectionsCheckingInterval: timeouts.checkInterval,
        },
        handler,
      ).on('checkExpectation', answerUnmetExpectation(headers)),
    // Unknown body fields are an error, not silently dropped; nothing is coerced (see http/schemas.ts).
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  installErrorHandler(app);
  closeConnectionsPromptly(app);
  installControlCharacterCheck(app);
  await installSecurity(app, headers);
  await installOpenApi(app);

  // Below everything that reads the store: a database gone is answered from memory where it can be.
  const reach = new DatabaseReach(app.log);
  const derived = await DerivedData.open(options.store, app.log, options, reach);
  app.addHook('onListen', async () => derived.startWarmUp());
  // Health's write, tried once listening: a database that cannot take one is said to be so from the start. A close
  // waits for it, so that it never runs on against a store closed or a database dropped.
  let roomChecked = Promise.resolve();
  app.addHook('onListen', async () => void (roomChecked = derived.store.desk.checkRoom()));
  app.addHook('onClose', () => roomChecked);
  app.addHook('onClose', async () => derived.close());
  const imports = options.importDb
    ? new ConsoleImports(
        options.importDb,
        () => derived.store.writesRefused(),
        (code) => derived.store.desk.noteRefused(code),
      )
    : null;
  watchDatabaseFile(app, derived.store);
  app.addHook('onClose', async () => imports?.close());
  const context: RouteContext = {
    imports,
    deskLimits: { ...DEFAULT_DESK_LIMITS, ...options.deskLimits },
    store: derived.store,
    points: derived.points,
    nameLists: derived.nameLists,
    counts: derived.counts,
    clusters: derived.clusters,
    nearest: derived.nearest,
    coverage: derived.coverage,
    equity: derived.equity,
    plans: derived.plans,
    trades: derived.trades,
    ask: derived.ask,
    downloads: derived.downloads,
    nameOrders: derived.nameOrders,
    filesDir: options.filesDir ?? DEFAULT_FILES_DIR,
    basemap: options.basemap ?? null,
    noteVersion: (meta) => derived.noteVersion(meta),
    readiness: derived.readiness,
    databaseReachable: () => reach.isReachable,
    publicOrigin: publicOriginOf(app, options.publicOrigin ?? null),
  };
  await app.register(
    async (api) => {
      await installApiConventions(api, { ...options, derived });
      const typed = api.withTypeProvider<TypeBoxTypeProvider>();
      for (const register of API_ROUTES) register(typed, context);
    },
    { prefix: '/api' },
  );
  registerBasemapFile(app, context.basemap);
  const pages = {
    context: { ...context, version: () => derived.version },
    derived,
    routes: options.pageRoutes ?? PAGE_ROUTES,
  };
  await serveClient(app, options.clientDir, options.serverPages === false ? null : pages, options);
  return app;
}

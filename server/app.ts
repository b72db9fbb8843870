/** Assembles the HTTP server: security plugins, the gateway API under /api, and the built client. */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import fastifyStatic from '@fastify/static';
import { allowFramingInEmbedMode } from './http/embedding';
import { installErrorHandler, sendError } from './http/errors';
import { installXsrfCookie, requireXsrfToken } from './http/xsrf';
import { registerDetailRoutes } from './routes/detailRoutes';
import { registerAreaRoutes } from './routes/areaRoutes';
import { registerBasemapAnswer, registerBasemapFile } from './routes/basemapRoutes';
import type { BasemapFile } from './basemap/basemapFile';
import { registerCompareRoutes } from './routes/compareRoutes';
import { registerCoverageRoutes } from './routes/coverageRoutes';
import { registerTradeRoutes } from './routes/tradeRoutes';
import { registerFacetRoutes } from './routes/facetRoutes';
import { registerFileRoutes } from './routes/fileRoutes';
import { registerMapRoutes } from './routes/mapRoutes';
import { chooseLanguage, LANGUAGE_MEMORY, LANGUAGE_PARAM } from '../domain/language';
import { encodedShellsOf } from './http/pageShell';
import { preferredEncoding } from './http/acceptEncoding';
import { DerivedData } from './derived/DerivedData';
import { answerFromOneVersion } from './http/oneVersion';
import { installOpenApi } from './http/openApi';
import type { Readiness } from './readiness';
import { localRateCounter, type RateCounter } from './rateLimit/rateCounter';
import { rateLimitStore } from './rateLimit/rateLimitStore';
import type { RouteContext } from './routes/context';
import { registerHealthRoutes } from './routes/healthRoutes';
import { registerMetaRoutes } from './routes/metaRoutes';
import { registerPlaceRoutes } from './routes/placeRoutes';
import { registerChangeRoutes } from './routes/changeRoutes';
import { registerDownloadRoutes } from './routes/downloadRoutes';
import { registerSearchRoutes } from './routes/searchRoutes';
import { registerStatsRoutes } from './routes/statsRoutes';
import { registerTreeRoutes } from './routes/treeRoutes';
import { registerTypeRoutes } from './routes/typeRoutes';
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
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout: timeouts.request,
          headersTimeout: timeouts.headers,
          keepAliveTimeout: timeouts.keepAlive,
          connectionsCheckingInterval: timeouts.checkInterval,
        },
        handler,
      ),
    // Unknown body fields are an error, not silently dropped; nothing is coerced (see http/schemas.ts).
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandler(app);
  await app.register(cookie);
  const tiles = options.tileOrigin ? [options.tileOrigin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // data: for the inline marker pin, which deck.gl loads with fetch.
        connectSrc: ["'self'", 'data:', ...tiles],
        imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
        // Mantine and MapLibre set inline styles; nothing else is inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'none'"],
        // Served over plain HTTP on a LAN or loopback: upgrading would break every same-origin request.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS means something only over HTTPS: it is added below for requests that came in over it.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  installXsrfCookie(app);
  allowFramingInEmbedMode(app);
  await installOpenApi(app);

  const derived = await DerivedData.open(options.store, app.log, options);
  const context: RouteContext = {
    store: derived.store,
    points: derived.points,
    nameLists: derived.nameLists,
    counts: derived.counts,
    clusters: derived.clusters,
    nearest: derived.nearest,
    coverage: derived.coverage,
    trades: derived.trades,
    nameOrders: derived.nameOrders,
    filesDir: options.filesDir ?? DEFAULT_FILES_DIR,
    noteVersion: (meta) => derived.noteVersion(meta),
    readiness: derived.readiness,
  };
  app.addHook('onListen', async () => derived.startWarmUp());
  app.addHook('onClose', async () => derived.close());
  // API answers: compressed for clients that accept it (brotli, then gzip), and carrying an ETag of their
  // content with `no-cache`: a browser or a CDN keeps them and revalidates, a repeat is a 304 without a
  // body, and a changed dataset changes the content, so nothing stale is ever served.
  await app.register(
    async (api) => {
      requireXsrfToken(api);
      // How long the server took over each answer (Server-Timing), so a client or a benchmark can tell the
      // server's share from the network's and the client's own.
      const started = new WeakMap<object, bigint>();
      api.addHook('onRequest', async (request) => {
        started.set(request, process.hrtime.bigint());
      });
      await api.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
      await api.register(fastifyEtag, { weak: true });
      api.addHook('onSend', async (request, reply, payload) => {
        const since = started.get(request);
        if (since !== undefined)
          reply.header('server-timing', `app;dur=${(Number(process.hrtime.bigint() - since) / 1e6).toFixed(3)}`);
        return payload;
      });
      api.addHook('onSend', async (request, reply, payload) => {
        if (request.method === 'GET' && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
        return payload;
      });
      // The client's offline copies are kept per dataset version (see sw/sw.ts): each answer says its own.
      answerFromOneVersion(api, derived);
      await api.register(rateLimit, {
        max: options.rateLimit,
        timeWindow: (options.rateWindowS ?? 60) * 1000,
        store: rateLimitStore(options.rateCounter ?? localRateCounter()),
        errorResponseBuilder: (_request, info) => ({
          statusCode: 429,
          error: 'rate_limited',
          message: `more than ${info.max} requests in ${options.rateWindowS ?? 60} s; retry in ${Math.ceil(info.ttl / 1000)} s`,
        }),
      });
      registerTypeRoutes(api);
      registerMetaRoutes(api, context);
      registerHealthRoutes(api, context);
      registerMapRoutes(api, context);
      registerDetailRoutes(api, context);
      registerStatsRoutes(api, context);
      registerSearchRoutes(api, context);
      registerPlaceRoutes(api);
      registerFacetRoutes(api, context);
      registerCoverageRoutes(api, context);
      registerTradeRoutes(api, context);
      registerCompareRoutes(api, context);
      registerAreaRoutes(api, context);
      registerTreeRoutes(api, context);
      registerFileRoutes(api, context);
      registerDownloadRoutes(api, context);
      registerChangeRoutes(api, context);
      registerBasemapAnswer(api, options.basemap ?? null);
    },
    { prefix: '/api' },
  );

  registerBasemapFile(app, options.basemap ?? null);

  // Decided once: a server without a built client answers the API only.
  const servesClient = options.clientDir !== null && existsSync(join(options.clientDir, 'index.html'));
  const shells = servesClient ? encodedShellsOf(readFileSync(join(options.clientDir!, 'index.html'), 'utf8')) : null;
  /** The page shell in the language the address or the remembered choice asks for. */
  const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
    const asked = (request.query as Record<string, unknown>)[LANGUAGE_PARAM];
    const language = chooseLanguage(typeof asked === 'string' ? asked : null, request.cookies[LANGUAGE_MEMORY]);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie, accept-encoding')
      .type('text/html; charset=utf-8')
      .send(shells![language][encoding]);
  };
  if (servesClient) {
    app.get('/', { schema: { hide: true } }, sendShell);
    app.get('/index.html', { schema: { hide: true } }, sendShell);
    await app.register(fastifyStatic, {
      root: options.clientDir!,
      index: ['index.html'],
      // The build wrote .br and .gz beside each text file: sent as they are, nothing compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        // Hashed assets never change under their name; index.html (and other unhashed files) are revalidated.
        reply.header(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes (/Centers, /unknown-page, ...) are the SPA's to answer, including its not-found page;
    // a missing file (/assets/x.js) is a plain 404, never index.html served as a script.
    const path = request.url.split('?')[0] ?? '';
    const looksLikeFile = /\.[A-Za-z0-9]+$/.test(path);
    if (servesClient && request.method === 'GET' && !path.startsWith('/api/') && !looksLikeFile) {
      return sendShell(request, reply);
    }
    return sendError(reply, 404, { error: 'not_found', message: `no route ${request.method} ${path}` });
  });
  return app;
}

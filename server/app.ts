/** Assembles the HTTP server: security plugins, the gateway API under /api, and the built client. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ClusterIndexCache } from './clusters/ClusterIndexCache';
import { installErrorHandler, sendError } from './http/errors';
import { installXsrf } from './http/xsrf';
import { registerDetailRoutes } from './routes/detailRoutes';
import { registerFileRoutes } from './routes/fileRoutes';
import { registerMapRoutes } from './routes/mapRoutes';
import { registerStatsRoutes } from './routes/statsRoutes';
import { registerTreeRoutes } from './routes/treeRoutes';
import { registerTypeRoutes } from './routes/typeRoutes';
import type { LocationStore } from './store/LocationStore';

export interface AppOptions {
  store: LocationStore;
  rateLimit: number;
  clientDir: string | null;
  tileOrigin: string | null;
  filesDir?: string;
  logger?: boolean;
}

export const DEFAULT_FILES_DIR = new URL('./files', import.meta.url).pathname;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 16 * 1024,
    return503OnClosing: true,
    // Unknown body fields are an error, not silently dropped; query strings still coerce to numbers.
    ajv: { customOptions: { removeAdditional: false } },
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
  });
  installXsrf(app);

  const context = { store: options.store, clusters: new ClusterIndexCache(options.store), filesDir: options.filesDir ?? DEFAULT_FILES_DIR };
  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        max: options.rateLimit,
        timeWindow: '1 minute',
        errorResponseBuilder: (_request, info) => ({
          statusCode: 429,
          error: 'rate_limited',
          message: `more than ${info.max} requests a minute; retry in ${Math.ceil(info.ttl / 1000)} s`,
        }),
      });
      registerTypeRoutes(api);
      registerMapRoutes(api, context);
      registerDetailRoutes(api, context);
      registerStatsRoutes(api, context);
      registerTreeRoutes(api, context);
      registerFileRoutes(api, context);
    },
    { prefix: '/api' },
  );

  // Decided once: a server without a built client answers the API only.
  const servesClient = options.clientDir !== null && existsSync(join(options.clientDir, 'index.html'));
  if (servesClient) {
    await app.register(fastifyStatic, { root: options.clientDir!, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes (/Centers, /unknown-page, ...) are the SPA's to answer, including its not-found page;
    // a missing file (/assets/x.js) is a plain 404, never index.html served as a script.
    const path = request.url.split('?')[0] ?? '';
    const looksLikeFile = /\.[A-Za-z0-9]+$/.test(path);
    if (servesClient && request.method === 'GET' && !path.startsWith('/api/') && !looksLikeFile) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return sendError(reply, 404, { error: 'not_found', message: `no route ${request.method} ${path}` });
  });
  return app;
}

/**
 * The built client: the server's pages at the app's routes (server/pages, registered from here because they are
 * made in the built shell), the page shell in the visitor's language (made once, precompressed), the build's
 * files as they are (hashed assets cached for a year), and every other path that is not a file or the API
 * answered with the shell, so the app's own routes and its not-found page work from any address. A server
 * without a built client (the decision is made once, at start) answers the API only, and a 404 for everything
 * else.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { chooseLanguage, LANGUAGE_MEMORY, LANGUAGE_PARAM } from '../../domain/language';
import { preferredEncoding } from './acceptEncoding';
import { sendError } from './errors';
import { encodedShellsOf, shellsOf } from './pageShell';
import type { RateLimitOptions } from './apiConventions';
import { PageMaker, type PageContext } from '../pages/pageMaker';
import type { PageRoute } from '../pages/pageRoutes';
import { registerPages } from '../pages/pageScope';
import type { VersionSource } from './oneVersion';

/** What the server's pages need beyond the built shell: the figures they read and the version they read at. */
export interface ServerPages {
  readonly context: PageContext;
  readonly derived: VersionSource;
  readonly routes: readonly PageRoute[];
}

export async function serveClient(
  app: FastifyInstance,
  clientDir: string | null,
  serverPages: ServerPages | null = null,
  limits: RateLimitOptions | null = null,
): Promise<void> {
  const shellFile = clientDir === null ? null : join(clientDir, 'index.html');
  const built = shellFile !== null && existsSync(shellFile) ? readFileSync(shellFile, 'utf8') : null;
  const shells = built === null ? null : encodedShellsOf(built);
  /** The page shell the app fills, in the language the address or the remembered choice asks for. */
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
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
  const pagesServed = built !== null && serverPages !== null;
  if (shells !== null) {
    // The routes answered with their page where the server renders them (server/pages), else with the shell.
    if (pagesServed)
      await registerPages(app, new PageMaker(serverPages.context, shellsOf(built)), {
        derived: serverPages.derived,
        routes: serverPages.routes,
        publicOrigin: serverPages.context.publicOrigin,
        limits,
      });
    const shellPaths = pagesServed ? ['/index.html'] : ['/', '/index.html'];
    for (const path of shellPaths) app.get(path, { schema: { hide: true } }, sendShell);
    await app.register(fastifyStatic, {
      root: clientDir!,
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
    if (shells !== null && request.method === 'GET' && !path.startsWith('/api/') && !looksLikeFile) {
      return sendShell(request, reply);
    }
    return sendError(reply, 404, { error: 'not_found', message: `no route ${request.method} ${path}` });
  });
}

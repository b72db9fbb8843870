/**
 * The built client: the page shell in the visitor's language (made once, precompressed), the build's files as
 * they are (hashed assets cached for a year), and every other path that is not a file or the API answered with
 * the shell, so the app's own routes and its not-found page work from any address. A server without a built
 * client (the decision is made once, at start) answers the API only, and a 404 for everything else.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { chooseLanguage, LANGUAGE_MEMORY, LANGUAGE_PARAM } from '../../domain/language';
import { LOCATION_TYPES, pathOfRoute, routeOfPath } from '../../domain/locationTypes';
import { preferredEncoding } from './acceptEncoding';
import { sendError } from './errors';
import { encodedShellsOf, shellsOf } from './pageShell';
import { installRateLimit, type RateLimitOptions } from './apiConventions';
import { Pages, type PageContext } from '../pages/pages';

/** Robots and sitemaps are the server's pages, though their addresses look like files. */
const SERVER_FILES = /^\/(robots\.txt|sitemap\.xml|sitemap-v\d+-\d+\.xml)$/;

export async function serveClient(
  app: FastifyInstance,
  clientDir: string | null,
  pageContext: PageContext | null = null,
  limits: RateLimitOptions | null = null,
): Promise<void> {
  const shellFile = clientDir === null ? null : join(clientDir, 'index.html');
  const built = shellFile !== null && existsSync(shellFile) ? readFileSync(shellFile, 'utf8') : null;
  const shells = built === null ? null : encodedShellsOf(built);
  const pages = built === null || pageContext === null ? null : new Pages(pageContext, shellsOf(built));
  /**
   * The page at this address in the language the address or the remembered choice asks for: rendered with its
   * answer where it is one of the server's pages, else the page shell the app fills.
   */
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const asked = (request.query as Record<string, unknown>)[LANGUAGE_PARAM];
    const language = chooseLanguage(typeof asked === 'string' ? asked : null, request.cookies[LANGUAGE_MEMORY]);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const [path = '/', search = ''] = request.url.split('?');
    const page = pages ? await pages.render(path, new URLSearchParams(search), language) : null;
    if (page !== null) {
      reply.header('cache-control', 'no-cache').header('vary', 'cookie, accept-encoding').header('etag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.code(page.status).type(page.type).send(page[encoding]);
    }
    // A sitemap of another dataset version (or past the last file) is gone, not the app's page.
    if (SERVER_FILES.test(path))
      return sendError(reply, 404, { error: 'not_found', message: `no such file ${path}: see /sitemap.xml` });
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie, accept-encoding')
      .type('text/html; charset=utf-8')
      .send(shells![language][encoding]);
  };
  if (shells !== null) {
    // Every page that costs work (a search, a list, a location's page, a type's page under filters, a sitemap)
    // is counted against the API's rate limit per client; a type's page as it is comes from the figures kept in
    // memory, and robots.txt is a line.
    await app.register(async (scope) => {
      if (limits !== null) await installRateLimit(scope, limits, (request) => !costsWork(request));
      const paths = new Set([
        '/',
        '/index.html',
        '/search',
        '/list',
        '/robots.txt',
        '/sitemap.xml',
        '/sitemap-v:version-:part.xml',
        ...LOCATION_TYPES.map((t) => pathOfRoute(t.route)),
      ]);
      for (const path of paths) scope.get(path, { schema: { hide: true } }, sendShell);
    });
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
    const looksLikeFile = /\.[A-Za-z0-9]+$/.test(path) && !SERVER_FILES.test(path);
    if (shells !== null && request.method === 'GET' && !path.startsWith('/api/') && !looksLikeFile) {
      return sendShell(request, reply);
    }
    return sendError(reply, 404, { error: 'not_found', message: `no route ${request.method} ${path}` });
  });
}

/** Whether a page request costs more than reading the kept figures: anything but a type's page as it is. */
function costsWork(request: FastifyRequest): boolean {
  const [path = '/', search = ''] = request.url.split('?');
  if (path === '/robots.txt') return false;
  if (path !== '/' && path !== '/index.html' && routeOfPath(path) === null) return true;
  // Any other parameter (a location, filters, or one the page does not know) makes a page of its own.
  return [...new URLSearchParams(search).keys()].some((key) => !FREE_PARAMS.has(key));
}

/** What a type's page as it is may carry and still be one of the few kept pages: its language and its tab. */
const FREE_PARAMS = new Set([LANGUAGE_PARAM, 'tab']);

/**
 * The server's pages as Fastify routes (pageRoutes.ts), under the API's conventions: the one-version hook
 * (http/oneVersion.ts), compression and ETags from the same plugins (http/answerEncoding.ts), the rate limit for
 * pages that cost work, and the page cache (pageCache.ts). A page's ETag is named by the dataset version it was
 * made at and a hash of its bytes, so it changes only with the data or the build.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseLanguage, LANGUAGE_MEMORY, LANGUAGE_PARAM } from '../../domain/language';
import { installAnswerEncoding } from '../http/answerEncoding';
import { installRateLimit, type RateLimitOptions } from '../http/apiConventions';
import { sendError } from '../http/errors';
import { answerFromOneVersion, versionAnswered, type VersionSource } from '../http/oneVersion';
import { installPageCache } from './pageCache';
import type { PageAsk, PageMaker } from './pageMaker';
import type { PageRoute } from './pageRoutes';
import { PAGE_WORDS } from './pageWords';

export interface PageScopeOptions {
  readonly derived: VersionSource;
  /** The site's public address (configuration, never a request's Host). */
  readonly publicOrigin: () => string;
  /** The API's rate limit, for the pages that cost work; none in tests that ask for none. */
  readonly limits: RateLimitOptions | null;
  /** The pages (PAGE_ROUTES, the one list). */
  readonly routes: readonly PageRoute[];
}

/** The page's address, its query, and the language its `?lang=` or the remembered choice asks for. */
function askOf(request: FastifyRequest, origin: string): PageAsk {
  const [path = '/', search = ''] = request.url.split('?');
  const query = new URLSearchParams(search);
  return {
    path,
    query,
    language: chooseLanguage(query.get(LANGUAGE_PARAM), request.cookies[LANGUAGE_MEMORY]),
    origin,
  };
}

/** A page's identity in the cache: its language, its path and its query in a stable order. */
function keyOf(ask: PageAsk): string {
  const query = [...ask.query].sort().map((pair) => pair.join('='));
  return `${ask.language}|${ask.path}?${query.join('&')}`;
}

function etagOf(text: string, version: number): string {
  return `W/"v${version}-${createHash('sha1').update(text).digest('base64url').slice(0, 16)}"`;
}

export async function registerPages(app: FastifyInstance, maker: PageMaker, options: PageScopeOptions): Promise<void> {
  const routeAt = new Map(options.routes.map((route) => [route.url, route]));
  // Read once per request: the cache, the rate limit and the page all ask for it.
  const asked = new WeakMap<FastifyRequest, PageAsk>();
  const ask = (request: FastifyRequest) => {
    let known = asked.get(request);
    if (known === undefined) asked.set(request, (known = askOf(request, options.publicOrigin())));
    return known;
  };
  await app.register(async (scope) => {
    scope.addHook('onRequest', (_request, reply, done) => {
      // Revalidated on every visit (a 304 when unchanged). The language may come from the remembered choice, and
      // the encoding plugin names accept-encoding only where it compressed: a cache in front must know both.
      reply.header('cache-control', 'no-cache').header('vary', 'cookie, accept-encoding');
      done();
    });
    installPageCache(scope, { version: () => options.derived.version, keyOf: (request) => keyOf(ask(request)) });
    await installAnswerEncoding(scope);
    answerFromOneVersion(scope, options.derived);
    if (options.limits !== null) {
      const limits = options.limits;
      await installRateLimit(scope, limits, (request) => {
        const route = routeAt.get(request.routeOptions.url ?? '');
        return route !== undefined && !route.costsWork(ask(request));
      });
    }
    for (const route of options.routes) {
      scope.get(
        route.url,
        {
          schema: {
            hide: true,
            ...(route.querystring ? { querystring: route.querystring } : {}),
            ...(route.params ? { params: route.params } : {}),
          },
          // An address the schema cannot read is answered as a page that says so, not as the API's JSON error.
          attachValidation: true,
        },
        async (request, reply) => answer(route, maker, ask(request), options.derived, request, reply),
      );
    }
  });
}

async function answer(
  route: PageRoute,
  maker: PageMaker,
  ask: PageAsk,
  derived: VersionSource,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | FastifyReply> {
  const made = request.validationError
    ? route.kind === 'page'
      ? maker.refused(ask, PAGE_WORDS[ask.language].badAddress, 400)
      : null
    : await route.make(maker, ask, request.params as Record<string, string>);
  if (made === null)
    return sendError(reply, 404, { error: 'not_found', message: `no such file ${ask.path}: see /sitemap.xml` });
  // Returned, not sent: the one-version hook makes the page again if the dataset moved while it was made.
  const version = versionAnswered(request) ?? derived.version;
  reply.code(made.status).type(made.type).header('etag', etagOf(made.text, version));
  return made.text;
}

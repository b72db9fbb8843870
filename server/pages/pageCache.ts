/**
 * The pages made, kept per dataset version by their address and language: a repeat is sent from memory with no
 * work but its compression. One `onSend` keeps a page as it was made (before the encoding plugins turn it into a
 * stream or a 304), and a `preHandler` sends a kept one. A page is kept only when it was made at the version
 * current when it is sent, and a new version empties the cache, so nothing stale is ever sent.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { versionAnswered } from '../http/oneVersion';

interface KeptPage {
  readonly text: string;
  readonly type: string;
  readonly status: number;
  readonly etag: string;
}

/**
 * Bounded in characters (a sitemap file is megabytes, a page tens of kilobytes) and in number: enough for every
 * route, list and a crawl's worth of locations; the least recently asked for go first.
 */
const KEPT = 2_000;
const KEPT_CHARS = 32 * 1024 * 1024;

export interface PageCacheOptions {
  /** The dataset version the server answers at now. */
  version(): number;
  /** What tells one page from another: its address and language (the language may come from a cookie). */
  keyOf(request: FastifyRequest): string;
}

/** Must be installed before the encoding plugins (their `onSend` hooks run in the order they were added). */
export function installPageCache(scope: FastifyInstance, options: PageCacheOptions): void {
  const kept = new LRUCache<string, KeptPage>({
    max: KEPT,
    maxSize: KEPT_CHARS,
    sizeCalculation: (page) => Math.max(1, page.text.length),
  });
  let keptVersion = -1;
  const atVersion = (version: number) => {
    if (version !== keptVersion) {
      kept.clear();
      keptVersion = version;
    }
    return kept;
  };
  const sentKept = new WeakSet<FastifyRequest>();

  scope.addHook('preHandler', (request, reply, done) => {
    const page = atVersion(options.version()).get(options.keyOf(request));
    if (page === undefined) return done();
    sentKept.add(request);
    // Answered here: the handler is not run (done is not called).
    reply.code(page.status).type(page.type).header('etag', page.etag).send(page.text);
  });
  scope.addHook('onSend', (request, reply, payload, done) => {
    const madeAt = versionAnswered(request);
    // A server's failure (a 503 while the dataset kept changing) is not the page: the next visitor asks again.
    const isPage = typeof payload === 'string' && reply.statusCode < 500;
    if (!sentKept.has(request) && isPage && madeAt === options.version())
      atVersion(madeAt).set(options.keyOf(request), {
        text: payload,
        type: String(reply.getHeader('content-type')),
        status: reply.statusCode,
        etag: String(reply.getHeader('etag')),
      });
    done(null, payload);
  });
}

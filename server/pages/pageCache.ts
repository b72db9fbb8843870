/**
 * The pages made, kept per dataset version by their address and language: a repeat is sent from memory with no
 * work at all. One `onSend` keeps a page as it was made (before the encoding plugins turn it into a stream or a
 * 304), and a `preHandler` sends a kept one, in the encoding the client prefers, compressed once when first asked
 * for (the encoding plugin lets an answer already encoded pass). A page is kept only when it was made at the
 * version current when it is sent, and a new version empties the cache, so nothing stale is ever sent.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { preferredEncoding } from '../http/acceptEncoding';
import { versionAnswered } from '../http/oneVersion';

/**
 * Brotli's quality for a kept page: 5 compresses a page in about a millisecond to within a third of what 11
 * reaches in thirty, a tenth smaller than the plugin's 4 (npm run bench:pages), once per page and version.
 */
const KEPT_BROTLI_QUALITY = 5;

class KeptPage {
  private br: Buffer | null = null;
  private gzip: Buffer | null = null;
  readonly identity: Buffer;

  constructor(
    text: string,
    readonly type: string,
    readonly status: number,
    readonly etag: string,
  ) {
    this.identity = Buffer.from(text);
  }

  /** The page in an encoding, each compressed when first asked for (most browsers never ask for gzip). */
  in(encoding: 'br' | 'gzip' | 'identity'): Buffer {
    if (encoding === 'br')
      return (this.br ??= brotliCompressSync(this.identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
        },
      }));
    if (encoding === 'gzip') return (this.gzip ??= gzipSync(this.identity));
    return this.identity;
  }

  /** Its text and room for the compressed forms (each well under the text's size). */
  get size(): number {
    return 2 * this.identity.length;
  }
}

/**
 * Bounded in characters (a sitemap file is megabytes, a page tens of kilobytes) and in number: enough for every
 * route, list and a crawl's worth of locations; the least recently asked for go first.
 */
const KEPT = 2_000;
const KEPT_BYTES = 64 * 1024 * 1024;

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
    maxSize: KEPT_BYTES,
    sizeCalculation: (page) => Math.max(1, page.size),
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

  scope.addHook('preHandler', async (request, reply) => {
    const page = atVersion(options.version()).get(options.keyOf(request));
    if (page === undefined) return;
    sentKept.add(request);
    reply.header('etag', page.etag);
    // The client's own copy is current: no body, and so no encoding to name (the ETag plugin would send the 304
    // with the Content-Encoding of a body it drops).
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    reply.code(page.status).type(page.type).send(page.in(encoding));
    return reply;
  });
  scope.addHook('onSend', async (request, reply, payload) => {
    const madeAt = versionAnswered(request);
    // A server's failure (a 503 while the dataset kept changing) is not the page: the next visitor asks again.
    const isPage = typeof payload === 'string' && reply.statusCode < 500;
    if (sentKept.has(request) || !isPage || madeAt !== options.version()) return payload;
    const page = new KeptPage(
      payload,
      String(reply.getHeader('content-type')),
      reply.statusCode,
      String(reply.getHeader('etag')),
    );
    atVersion(madeAt).set(options.keyOf(request), page);
    return payload;
  });
}

/**
 * If-None-Match as RFC 9110 (13.1.2) has it, for every answer the encoding plugins send (answerEncoding.ts):
 * `*` or any tag of a list matches, compared weakly (`W/"x"` is `"x"`), and only a GET or HEAD whose answer would
 * be 2xx becomes a 304. @fastify/etag matched the header as one string, so a cache sending the tags it holds as a
 * list got the whole answer again, and it turned any status into a 304, a refusal too.
 */
import type { FastifyInstance } from 'fastify';

/** The entity tags of an If-None-Match value, their `W/` dropped; `*` alone is every tag; nothing sound: none. */
export function noneMatchTags(header: string | undefined): '*' | string[] {
  if (header === undefined) return [];
  if (header.trim() === '*') return '*';
  // An opaque tag may hold a comma: the tags are read by their quotes, not split at commas.
  return [...header.matchAll(/(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")/g)].map((tag) => tag[1]!);
}

/** Whether a request's If-None-Match holds the answer's tag, by the weak comparison GET and HEAD use. */
export function tagMatches(header: string | undefined, etag: string): boolean {
  const tags = noneMatchTags(header);
  return tags === '*' || tags.includes(etag.replace(/^W\//, ''));
}

/** Installed after @fastify/etag (onSend hooks run in the order they were added), so every answer has its tag. */
export function installConditionalGet(scope: FastifyInstance): void {
  scope.addHook('onSend', (request, reply, payload, done) => {
    const etag = reply.getHeader('etag');
    const fresh =
      (request.method === 'GET' || request.method === 'HEAD') &&
      reply.statusCode >= 200 &&
      reply.statusCode < 300 &&
      typeof etag === 'string' &&
      tagMatches(request.headers['if-none-match'], etag);
    if (!fresh) return done(null, payload);
    // A streamed answer (already flowing into its compressor) is not read: stopped, so its work stops too.
    (payload as { destroy?: () => void } | null)?.destroy?.();
    reply.code(304);
    done(null, '');
  });
}

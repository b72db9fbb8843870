/**
 * An answer that is a function of the dataset version and the request gets that as its ETag, which costs
 * nothing, instead of a hash of a body that may be megabytes.
 */
import { hash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export function versionTag(reply: FastifyReply, version: number, ...request: (string | number)[]): void {
  const key = hash('sha1', request.join('|'), 'base64url').slice(0, 16);
  reply.header('etag', `W/"v${version}-${key}"`);
}

/**
 * A HEAD asks for an answer's headers alone. Fastify answers one by running the GET's handler and reading its body
 * to the end unseen, so a HEAD of a streamed answer (a type's whole JSON, a download made from the store) cost all
 * the work of the GET for nothing anyone reads: an easy way to make a server busy. A streamed body is stopped
 * instead (its work stops with it, as a client that leaves stops it) and an empty one sent in its place; a body
 * already made costs nothing more, and keeps its length.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** Installed after the compression plugin, whose stream over the handler's is the payload then. */
export function installHeadAnswers(scope: FastifyInstance): void {
  scope.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'HEAD' || !(payload instanceof Readable)) return done(null, payload);
    payload.destroy();
    done(null, Readable.from([]));
  });
}

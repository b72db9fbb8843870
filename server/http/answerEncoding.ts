/**
 * How every answer the server makes on request is sent (the API's and the server's pages alike): compressed for
 * clients that accept it (brotli, then gzip; streamed off the event loop) and tagged with an ETag of its content,
 * so a repeat is a 304 without a body (conditionalGet.ts). An answer that sets its own ETag (one named by the
 * dataset version) keeps it. A HEAD of a streamed answer makes none of it (headAnswers.ts). The build's files are
 * not made on request: they are compressed once, when built (clientShell.ts).
 */
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import { installConditionalGet } from './conditionalGet';
import { installHeadAnswers } from './headAnswers';

export async function installAnswerEncoding(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
  // The 304 is ours (conditionalGet.ts): the plugin's compares the header as one string, whatever the status.
  await scope.register(fastifyEtag, { weak: true, replyWith304: false });
  installConditionalGet(scope);
  installHeadAnswers(scope);
}

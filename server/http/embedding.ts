/**
 * Framing: other sites may frame the app only in its embed mode (`?embed=1`, the map or statistics alone);
 * every other page keeps helmet's `frame-ancestors 'self'` and `X-Frame-Options: SAMEORIGIN`.
 */
import type { FastifyInstance } from 'fastify';
import { EMBED_PARAM } from '../../domain/http';

export function allowFramingInEmbedMode(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    if (html && query?.[EMBED_PARAM] === '1') {
      const policy = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
      reply.removeHeader('x-frame-options');
    }
    done(null, payload);
  });
}

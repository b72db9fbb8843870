/**
 * A closing server (SIGTERM, a rolling restart, a test's end) lets the requests in flight finish and closes each
 * connection as soon as it is idle. Node closes the connections that are idle when the server closes, but one
 * busy at that moment and idle a moment later held the close for its whole keep-alive timeout (72 s, measured:
 * tests/api/closing.test.ts); past CLOSE_GRACE_MS whatever is left is cut.
 */
import type { FastifyInstance } from 'fastify';

export const CLOSE_GRACE_MS = 10_000;
const IDLE_CHECK_MS = 50;

export function closeConnectionsPromptly(app: FastifyInstance): void {
  app.addHook('preClose', async () => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started >= CLOSE_GRACE_MS) app.server.closeAllConnections();
      else app.server.closeIdleConnections();
    }, IDLE_CHECK_MS);
    timer.unref();
    app.server.once('close', () => clearInterval(timer));
  });
}

/**
 * A closing server (SIGTERM, a rolling restart, a test's end) lets the requests in flight finish and closes each
 * connection as soon as it has none. Node's own sweep of idle connections missed two kinds, each holding the close
 * until a timeout: a connection busy when the server began to close and idle a moment later (its keep-alive, 72 s,
 * measured: tests/api/closing.test.ts), and one opened that never sent a request (10 s). The server counts each
 * connection's requests in flight itself; past CLOSE_GRACE_MS whatever is left is cut.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export const CLOSE_GRACE_MS = 10_000;
const SWEEP_MS = 50;

export function closeConnectionsPromptly(app: FastifyInstance): void {
  const inFlight = new Map<Socket, number>();
  app.server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  app.server.on('request', (request, response) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    // 'close' comes once the answer is sent whole, or the client went away.
    response.once('close', () => {
      const count = inFlight.get(socket);
      if (count !== undefined) inFlight.set(socket, count - 1);
    });
  });
  app.addHook('preClose', async () => {
    const started = Date.now();
    const sweep = () => {
      const late = Date.now() - started >= CLOSE_GRACE_MS;
      for (const [socket, count] of inFlight) if (late || count <= 0) socket.destroy();
    };
    const timer = setInterval(sweep, SWEEP_MS);
    timer.unref();
    app.server.once('close', () => clearInterval(timer));
    sweep();
  });
}

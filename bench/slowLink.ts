/**
 * A slow link in front of a server, for every request a page makes, its workers' included (Chromium's network
 * emulation reaches only the page's own): each request waits `latencyMs` before it is forwarded (the trip out
 * and back), and each answer's body comes no faster than `bitsPerSecond`.
 */
import { createServer, request as forward, type IncomingHttpHeaders, type Server } from 'node:http';

/** Headers of one hop, never passed on (each side of the link has its own connection). */
const HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'];
const endToEnd = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP.includes(name)));

export function slowLink(
  target: string,
  port: number,
  { latencyMs, bitsPerSecond }: { latencyMs: number; bitsPerSecond: number },
): Promise<Server> {
  const bytesPerMs = bitsPerSecond / 8 / 1000;
  const { hostname, port: targetPort } = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      setTimeout(() => {
        const upstream = forward(
          {
            hostname,
            port: targetPort,
            path: incoming.url,
            method: incoming.method,
            headers: endToEnd(incoming.headers),
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
            // One chunk at a time, each once the link would have carried it; the end after the last.
            let sent = Promise.resolve();
            let freeAt = performance.now();
            answer.on('data', (chunk: Buffer) => {
              answer.pause();
              freeAt = Math.max(freeAt, performance.now()) + chunk.length / bytesPerMs;
              const due = freeAt;
              sent = sent
                .then(() => new Promise<void>((done) => setTimeout(done, Math.max(0, due - performance.now()))))
                .then(() => {
                  outgoing.write(chunk);
                  answer.resume();
                });
            });
            answer.on('end', () => {
              sent = sent.then(() => void outgoing.end());
            });
          },
        );
        upstream.on('error', () => outgoing.destroy());
        upstream.end(Buffer.concat(chunks));
      }, latencyMs);
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

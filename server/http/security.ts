/**
 * What every answer carries for the visitor's safety: the content security policy and helmet's other headers,
 * HSTS over HTTPS only, the XSRF cookie the client echoes on writes, and framing allowed in embed mode alone.
 */
import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import { allowFramingInEmbedMode } from './embedding';
import { installXsrfCookie } from './xsrf';

export const PERMISSIONS_POLICY =
  'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), serial=(), display-capture=()';

export async function installSecurity(app: FastifyInstance, { tileOrigin }: { tileOrigin: string | null }) {
  await app.register(cookie);
  const tiles = tileOrigin ? [tileOrigin] : [];
  // helmet itself, made once: the Fastify plugin builds it again for every request (its directives parsed
  // each time), a tenth of a small answer's time.
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // data: for the inline marker pin, which deck.gl loads with fetch.
        connectSrc: ["'self'", 'data:', ...tiles],
        imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
        // Mantine and MapLibre set inline styles; nothing else is inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'none'"],
        // Served over plain HTTP on a LAN or loopback: upgrading would break every same-origin request.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS means something only over HTTPS: it is added below for requests that came in over it.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    headers(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)),
  );
  app.addHook('onSend', (request, reply, payload, done) => {
    // Only what the app uses: the visitor's own position ("near me"); nothing else the browser offers.
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done(null, payload);
  });
  installXsrfCookie(app);
  allowFramingInEmbedMode(app);
}

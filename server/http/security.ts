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

/** helmet's headers for every answer, as a function of the raw request and response (see installSecurity). */
export type SafetyHeaders = ReturnType<typeof helmet>;

/**
 * helmet itself, made once: the Fastify plugin builds it again for every request (its directives parsed each time),
 * a tenth of a small answer's time. Made before the server, for the answers Fastify gives outside its hooks too.
 */
export function safetyHeaders(tileOrigin: string | null): SafetyHeaders {
  const tiles = tileOrigin ? [tileOrigin] : [];
  return helmet({
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
}

export async function installSecurity(app: FastifyInstance, headers: SafetyHeaders) {
  await app.register(cookie);
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

/**
 * XSRF double-submit: a visitor's answers carry cookie XSRF-TOKEN (readable by scripts); a state-changing
 * API request must echo it in the X-XSRF-TOKEN header (the spec's client does, on non-GET/HEAD calls).
 * The check hangs on the API's routes themselves, so it holds however the request spells the path
 * (`/%61pi/...`, an absolute-form target, ...): whatever the router matched is checked.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '../../domain/http';
import { HttpError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether an answer is one any visitor may be handed from a shared cache (`Cache-Control: public`). */
function sharedAnswer(cacheControl: unknown): boolean {
  return String(cacheControl ?? '')
    .split(',')
    .some((directive) => directive.trim().toLowerCase() === 'public');
}

/**
 * Gives every visitor a token (on the whole server), on the first answer that is theirs alone. An answer a shared
 * cache may keep for everyone (a map tile, a download, the basemap: `Cache-Control: public`) carries none: a
 * cache in front (Varnish, a CDN) would otherwise hand one visitor's token to the next, or refuse to keep the
 * answer at all. The page or the app shell a visitor opens first carries it, before any write.
 */
export function installXsrfCookie(app: FastifyInstance): void {
  // In onSend, after the answer says how it may be kept; @fastify/cookie's own onSend hook has run by then (it
  // was registered first), so the cookie is written to the answer's headers at once.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.cookies[XSRF_COOKIE] && !sharedAnswer(reply.getHeader('cache-control')))
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
      });
    done(null, payload);
  });
}

/** Requires the token on every unsafe request to the routes of this (encapsulated) scope. */
export function requireXsrfToken(scope: FastifyInstance): void {
  scope.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header))
      return done(new HttpError(403, 'xsrf', 'missing or mismatched X-XSRF-TOKEN header'));
    done();
  });
}

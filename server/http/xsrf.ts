/**
 * XSRF double-submit: every response carries cookie XSRF-TOKEN (readable by scripts); a state-changing
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

/** Gives every visitor a token (on the whole server). */
export function installXsrfCookie(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.cookies[XSRF_COOKIE]) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
      });
    }
  });
}

/** Requires the token on every unsafe request to the routes of this (encapsulated) scope. */
export function requireXsrfToken(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      throw new HttpError(403, 'xsrf', 'missing or mismatched X-XSRF-TOKEN header');
    }
  });
}

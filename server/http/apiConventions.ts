/**
 * What every API answer shares: writes carry the XSRF token; answers are compressed for clients that accept it
 * (brotli, then gzip) and carry an ETag of their content with `no-cache` (a browser or a CDN keeps them and
 * revalidates, a repeat is a 304 without a body, and a changed dataset changes the content, so nothing stale is
 * ever served); each says how long the server took and which dataset version it is from; and every client is
 * held to the rate limit.
 *
 * A hook that waits on nothing calls `done` rather than being `async` (these, the security headers, the XSRF
 * cookie, the control-character check, the request id, the pages' and the staff routes' own): an async hook costs
 * a promise and a turn of the microtask queue per answer, each watched by the version guard's AsyncLocalStorage.
 * The hooks every API answer passes cost 3 to 5 % of a map tile's server CPU that way (issue 59).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { localRateCounter, type RateCounter } from '../rateLimit/rateCounter';
import { rateLimitStore } from '../rateLimit/rateLimitStore';
import { installAnswerEncoding } from './answerEncoding';
import { answerFromOneVersion, type VersionSource } from './oneVersion';
import { requireXsrfToken } from './xsrf';

export interface ApiConventionOptions {
  /** The dataset version answers are read from (see oneVersion.ts). */
  derived: VersionSource;
  /** Requests a client may make in each window. */
  rateLimit: number;
  /** The window in seconds (default 60). */
  rateWindowS?: number;
  /** Where requests are counted: this process by default; the primary for a clustered server. */
  rateCounter?: RateCounter;
}

export async function installApiConventions(api: FastifyInstance, options: ApiConventionOptions): Promise<void> {
  requireXsrfToken(api);
  // How long the server took over each answer (Server-Timing), so a client or a benchmark can tell the
  // server's share from the network's and the client's own.
  const started = new WeakMap<object, bigint>();
  api.addHook('onRequest', (request, _reply, done) => {
    started.set(request, process.hrtime.bigint());
    done();
  });
  await installAnswerEncoding(api);
  api.addHook('onSend', (request, reply, payload, done) => {
    const since = started.get(request);
    if (since !== undefined)
      reply.header('server-timing', `app;dur=${(Number(process.hrtime.bigint() - since) / 1e6).toFixed(3)}`);
    done(null, payload);
  });
  api.addHook('onSend', (request, reply, payload, done) => {
    if (request.method === 'GET' && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    done(null, payload);
  });
  // The client's offline copies are kept per dataset version (see sw/sw.ts): each answer says its own.
  answerFromOneVersion(api, options.derived);
  await installRateLimit(api, options);
}

export type RateLimitOptions = Pick<ApiConventionOptions, 'rateLimit' | 'rateWindowS' | 'rateCounter'>;

/**
 * Holds every client of this scope to the rate limit (the API's, and the server's pages that search, list or
 * filter); a request `exempt` says costs nothing uncommon is not counted.
 */
export async function installRateLimit(
  scope: FastifyInstance,
  options: RateLimitOptions,
  exempt?: (request: FastifyRequest) => boolean,
): Promise<void> {
  const windowS = options.rateWindowS ?? 60;
  await scope.register(rateLimit, {
    ...(exempt ? { allowList: exempt } : {}),
    max: options.rateLimit,
    timeWindow: windowS * 1000,
    store: rateLimitStore(options.rateCounter ?? localRateCounter()),
    errorResponseBuilder: (_request, info) => ({
      statusCode: 429,
      error: 'rate_limited',
      message: `more than ${info.max} requests in ${windowS} s; retry in ${Math.ceil(info.ttl / 1000)} s`,
    }),
  });
}

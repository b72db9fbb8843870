/**
 * Every API answer is made from one dataset version and says which (versionGuard.ts): each handler runs at
 * the process's version when it starts; if a read finds the dataset moved on, or the process switched while
 * the answer was made, it is made again at the new version, and the answer's X-Dataset-Version is the version
 * it was made at, not the one current when it is sent. A handler that sends a stream itself (a download)
 * cannot be made again: its reads are checked as they go, and a version change cuts it off.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { DATASET_CHANGING, DATASET_VERSION_HEADER, MIN_VERSION_HEADER, VERSION_BEHIND } from '../../domain/http';
import { atVersion, VersionMoved } from '../derived/versionGuard';
import { HttpError } from './errors';

/** Imports follow each other minutes apart: a third change within one answer means something is wrong. */
const ATTEMPTS = 3;

/**
 * How long a read waits for this server to reach the version its client has seen, asking the database again
 * every FLOOR_POLL_MS: enough for a process that has not noticed an import yet, or a standby a moment behind;
 * past it the read is refused (503, Retry-After) and a balancer asks another server.
 */
export const FLOOR_WAIT_MS = 1_000;
const FLOOR_POLL_MS = 100;
/** When a refused answer may be asked for again. */
const RETRY_AFTER_S = 1;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route that changes something (signs in, files a report, applies an import): it runs once, never made
     * again because the dataset moved while it ran (its answer says the version it started at).
     */
    changesState?: boolean;
    /**
     * The path parameter naming the dataset version an address is of (a tile's): a floor, as the client's
     * header is. A server that has not reached it waits, then refuses (503) so that the balancer asks another,
     * rather than calling a version it has not seen yet gone.
     */
    versionParam?: string;
  }
}

export interface VersionSource {
  readonly version: number;
  catchUp(): Promise<void>;
}

/** The version each answer was made at, by its request (a request belongs to one server, so one map serves all). */
const madeAt = new WeakMap<FastifyRequest, number>();

/** The dataset version this request's answer was made at (undefined before its handler ran). */
export function versionAnswered(request: FastifyRequest): number | undefined {
  return madeAt.get(request);
}

export function answerFromOneVersion(api: FastifyInstance, derived: VersionSource): void {
  api.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    const versionParam = route.config?.versionParam;
    if (route.config?.changesState) {
      route.handler = async function once(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        madeAt.set(request, derived.version);
        return handler.call(this, request, reply);
      };
      return;
    }
    route.handler = async function oneVersion(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      await reachFloor(derived, floorOf(request, versionParam));
      for (let attempt = 1; ; attempt++) {
        const version = derived.version;
        madeAt.set(request, version);
        try {
          const answer: unknown = await atVersion(version, async () => handler.call(this, request, reply));
          if (answer === reply || reply.sent || derived.version === version) return answer;
        } catch (error) {
          if (!(error instanceof VersionMoved) || reply.sent) throw error;
          await derived.catchUp();
        }
        if (attempt === ATTEMPTS) {
          throw new HttpError(
            503,
            DATASET_CHANGING,
            'the dataset changed while this answer was made: ask again',
            RETRY_AFTER_S,
          );
        }
      }
    };
  });
  api.addHook('onSend', (request, reply, payload, done) => {
    reply.header(DATASET_VERSION_HEADER, String(madeAt.get(request) ?? derived.version));
    done(null, payload);
  });
}

/** A version said in a header or an address (0 when none, or said badly: no floor then). */
function versionSaid(said: unknown): number {
  return typeof said === 'string' && /^\d{1,15}$/.test(said) ? Number(said) : 0;
}

/** The version the client says it has seen, or the address names, whichever is newer. */
function floorOf(request: FastifyRequest, versionParam: string | undefined): number {
  const header = versionSaid(request.headers[MIN_VERSION_HEADER.toLowerCase()]);
  if (versionParam === undefined) return header;
  return Math.max(header, versionSaid((request.params as Record<string, unknown>)[versionParam]));
}

/** Waits until this server answers at the client's floor or newer; refuses when it cannot within FLOOR_WAIT_MS. */
async function reachFloor(derived: VersionSource, floor: number): Promise<void> {
  if (derived.version >= floor) return;
  const until = Date.now() + FLOOR_WAIT_MS;
  for (;;) {
    await derived.catchUp().catch(() => undefined);
    if (derived.version >= floor) return;
    if (Date.now() >= until) break;
    await new Promise((resolve) => setTimeout(resolve, FLOOR_POLL_MS));
  }
  throw new HttpError(
    503,
    VERSION_BEHIND,
    `this server has dataset version ${derived.version}, older than the ${floor} already seen: ask again`,
    RETRY_AFTER_S,
  );
}

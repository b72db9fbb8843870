/**
 * Every API answer is made from one dataset version and says which (versionGuard.ts): each handler runs at
 * the process's version when it starts; if a read finds the dataset moved on, or the process switched while
 * the answer was made, it is made again at the new version, and the answer's X-Dataset-Version is the version
 * it was made at, not the one current when it is sent. A handler that sends a stream itself (a download)
 * cannot be made again: its reads are checked as they go, and a version change cuts it off.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { DATASET_VERSION_HEADER } from '../../domain/http';
import { atVersion, VersionMoved } from '../derived/versionGuard';
import { HttpError } from './errors';

/** Imports follow each other minutes apart: a third change within one answer means something is wrong. */
const ATTEMPTS = 3;

export interface VersionSource {
  readonly version: number;
  catchUp(): Promise<void>;
}

export function answerFromOneVersion(api: FastifyInstance, derived: VersionSource): void {
  const madeAt = new WeakMap<FastifyRequest, number>();
  api.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function oneVersion(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
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
          reply.header('retry-after', '1');
          throw new HttpError(503, 'dataset_changing', 'the dataset changed while this answer was made: ask again');
        }
      }
    };
  });
  api.addHook('onSend', async (request, reply, payload) => {
    reply.header(DATASET_VERSION_HEADER, String(madeAt.get(request) ?? derived.version));
    return payload;
  });
}

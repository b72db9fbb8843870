import { Health } from '../../domain/wire/answers';
import type { Api, RouteContext } from './context';
import { errors } from '../http/answers';

/** Seconds a balancer may wait before asking a warming server again. */
const RETRY_AFTER_S = 5;

/**
 * For load balancers and supervisors: 200 `{status: "ready"}` once the server answers at full speed, 503
 * `{status: "warming"}` before (see readiness.ts), with `database` saying whether the database answers (a server
 * without it keeps serving from memory: store/databaseReach.ts). Never rate-limited: a balancer asks every few
 * seconds, and each ask tries the database again.
 */
export function registerHealthRoutes(app: Api, { store, readiness, databaseReachable }: RouteContext): void {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['dataset'],
        summary: 'Whether the server answers at full speed (200) or is still warming (503)',
        response: { 200: Health, 503: Health, ...errors() },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const { version } = await store.meta();
      const status = readiness.status();
      if (status === 'warming') reply.code(503).header('retry-after', String(RETRY_AFTER_S));
      // A server whose database is gone stays in rotation: its answers are right, of the last version it read.
      const lost = store.writesRefused();
      const reachable = lost === null && databaseReachable();
      // Asked only of a database that answers: while a refusal stands this tries a write (StaffDesk.ts).
      const refusal = reachable ? await store.desk.writeRefusal() : null;
      const [database, problem] =
        lost !== null
          ? (['lost', lost] as const)
          : !reachable
            ? (['unreachable', null] as const)
            : refusal !== null
              ? ([
                  'unwritable',
                  `every write since ${refusal.since} was refused (${refusal.code}): the database or its disk cannot take it (full, or read-only)`,
                ] as const)
              : (['ok', null] as const);
      return {
        status,
        version,
        rewarming: readiness.isRewarming(),
        database,
        ...(problem !== null ? { problem } : {}),
      };
    },
  );
}

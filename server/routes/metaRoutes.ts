import { DatasetMeta } from '../../domain/wire/answers';
import type { Api, RouteContext } from './context';
import { errors } from '../http/answers';

/** Ours, beyond the gateway: the dataset's version, when it last changed, and how many locations it holds. */
export function registerMetaRoutes(app: Api, { store, noteVersion }: RouteContext): void {
  app.get(
    '/meta',
    {
      schema: {
        tags: ['dataset'],
        summary: 'The dataset’s version, when it last changed, and how many locations it holds',
        response: { 200: DatasetMeta, ...errors() },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      const meta = await store.meta();
      noteVersion(meta);
      return meta;
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { DatasetMeta } from '../../domain/gateway';
import type { RouteContext } from './context';
import { datasetMetaAnswer, errors } from '../http/answers';

/** Ours, beyond the gateway: the dataset's version, when it last changed, and how many locations it holds. */
export function registerMetaRoutes(app: FastifyInstance, { store, noteVersion }: RouteContext): void {
  app.get(
    '/meta',
    {
      schema: {
        tags: ['dataset'],
        summary: 'The dataset’s version, when it last changed, and how many locations it holds',
        response: { 200: datasetMetaAnswer, ...errors() },
      },
    },
    async (_request, reply): Promise<DatasetMeta> => {
      reply.header('cache-control', 'no-cache');
      const meta = await store.meta();
      noteVersion(meta);
      return meta;
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ChartRow, PiePoint } from '../../domain/gateway';
import { PROVINCES } from '../../domain/provinces';
import { guidString, typeIdParams } from '../http/schemas';
import { preferredEncoding } from '../http/acceptEncoding';
import type { RouteContext } from './context';
import { requireProvince, requireType } from './lookups';

const typeAndOstanParams = {
  type: 'object',
  required: ['typeId', 'ostan'],
  properties: { typeId: guidString, ostan: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

interface TypeAndOstan {
  typeId: string;
  ostan: string;
}

export function registerStatsRoutes(app: FastifyInstance, { counts: statCounts, nameLists }: RouteContext): void {
  app.get<{ Params: { typeId: string } }>(
    '/TVTOBase/OrglocationChartData/:typeId',
    { schema: { params: typeIdParams } },
    async (request): Promise<ChartRow[]> => {
      const type = requireType(request.params.typeId);
      const counts = await statCounts.countsByProvince(type.typeId);
      // Whoever looks at a type's chart may open its list next: that list is prepared meanwhile.
      nameLists.get(type.typeId, null).catch(() => undefined);
      return PROVINCES.map((p) => ({
        Count: counts.get(p.iso_3166_2) ?? 0,
        OstanName: p.name_fa,
        LocationEnName: p.name_en,
        DataType: type.titleFa,
      }));
    },
  );

  app.get<{ Params: TypeAndOstan }>(
    '/TVTOBase/OrglocationPie/:typeId/:ostan',
    { schema: { params: typeAndOstanParams } },
    async (request): Promise<PiePoint[]> => {
      const type = requireType(request.params.typeId);
      const province = requireProvince(request.params.ostan);
      const counts = await statCounts.countsByGender(type.typeId, province?.iso_3166_2 ?? null);
      return [...counts].map(([Name, Count]) => ({ Name, Count }));
    },
  );

  app.get<{ Params: TypeAndOstan }>(
    '/TVTOBase/OrglocationByTypeAndOstan/:typeId/:ostan',
    { schema: { params: typeAndOstanParams } },
    async (request, reply) => {
      const type = requireType(request.params.typeId);
      const province = requireProvince(request.params.ostan);
      const list = await nameLists.get(type.typeId, province?.iso_3166_2 ?? null);
      // Sent as kept: compressed once, tagged by the dataset version (no hash of megabytes per request).
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply.header('vary', 'accept-encoding');
      reply.header('etag', `W/"v${list.version}-${type.typeId}-${request.params.ostan}-${encoding}"`);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply
        .type('application/json; charset=utf-8')
        .send(encoding === 'br' ? list.br : encoding === 'gzip' ? list.gzip : list.json);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { LocatedDetail } from '../../domain/gateway';
import { EMPTY_GUID } from '../../domain/guid';
import { badRequest, notFound } from '../http/errors';
import { guidString } from '../http/schemas';
import { gatewayDetailOf } from '../store/locationFields';
import type { RouteContext } from './context';
import { errors, locationDetailAnswer } from '../http/answers';

export function registerDetailRoutes(app: FastifyInstance, { store }: RouteContext): void {
  app.get<{ Params: { guid: string } }>(
    '/TVTOBase/GetMapLocationDetailsx/:guid',
    {
      schema: {
        tags: ['map'],
        summary: 'A location’s details',
        params: { type: 'object', required: ['guid'], properties: { guid: guidString } },
        response: { 200: locationDetailAnswer, ...errors(400, 404) },
      },
    },
    async (request): Promise<LocatedDetail> => {
      const { guid } = request.params;
      if (guid === EMPTY_GUID) throw badRequest('the all-zero Guid names no location');
      const row = await store.locationDetail(guid);
      if (!row) throw notFound('unknown_location', `no location with Guid ${guid}`);
      return { ...gatewayDetailOf(row), Lat: row.lat, Long: row.lon };
    },
  );
}

import { Type } from 'typebox';
import { LocatedDetail } from '../../domain/wire/answers';
import { GuidString } from '../../domain/wire/requests';
import { EMPTY_GUID } from '../../domain/guid';
import { badRequest, notFound } from '../http/errors';
import { gatewayDetailOf } from '../store/locationFields';
import type { Api, RouteContext } from './context';
import { errors } from '../http/answers';

export function registerDetailRoutes(app: Api, { store }: RouteContext): void {
  app.get(
    '/TVTOBase/GetMapLocationDetailsx/:guid',
    {
      schema: {
        tags: ['map'],
        summary: 'A location’s details',
        params: Type.Object({ guid: GuidString }),
        response: { 200: LocatedDetail, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { guid } = request.params;
      if (guid === EMPTY_GUID) throw badRequest('the all-zero Guid names no location');
      const row = await store.locationDetail(guid);
      if (!row) throw notFound('unknown_location', `no location with Guid ${guid}`);
      return { ...gatewayDetailOf(row), Lat: row.lat, Long: row.lon };
    },
  );
}

/**
 * The vector basemap: `GET /api/basemap` says where it is (or that there is none), and the archive itself is
 * sent from BASEMAP_PATH with range requests, outside /api so a map's many tile ranges are not counted
 * against the API's rate limit, with a year's caching since its name changes with the file.
 */
import type { Api, RouteContext } from './context';
import type { FastifyInstance } from 'fastify';
import { BASEMAP_PATH } from '../../domain/basemap';
import { BasemapAnswer } from '../../domain/wire/answers';
import type { BasemapFile } from '../basemap/basemapFile';
import { errors } from '../http/answers';
import { sendError } from '../http/errors';
import { sendFile } from '../http/sendFile';

export function registerBasemapAnswer(api: Api, { basemap }: RouteContext): void {
  api.get(
    '/basemap',
    {
      schema: {
        tags: ['map'],
        summary: 'Where the vector basemap (a PMTiles archive) is, or null when the server has none',
        response: { 200: BasemapAnswer, ...errors() },
      },
    },
    async () => ({ Url: basemap ? `${BASEMAP_PATH}${basemap.name}` : null }),
  );
}

export function registerBasemapFile(app: FastifyInstance, basemap: BasemapFile | null): void {
  app.get<{ Params: { name: string } }>(`${BASEMAP_PATH}:name`, { schema: { hide: true } }, async (request, reply) => {
    if (basemap === null || request.params.name !== basemap.name) {
      return sendError(reply, 404, {
        error: 'not_found',
        message: basemap === null ? 'this server has no basemap' : 'not the current basemap; ask /api/basemap',
      });
    }
    const sent = await sendFile(request, basemap.file);
    if (sent.type === 'error') {
      return sendError(reply, sent.status === 416 ? 416 : 500, {
        error: sent.status === 416 ? 'range_not_satisfiable' : 'basemap_unreadable',
        message: sent.status === 416 ? `the basemap is ${basemap.size} bytes long` : 'the basemap cannot be read',
      });
    }
    reply
      .code(sent.statusCode)
      .headers(sent.headers)
      .header('content-type', 'application/vnd.pmtiles')
      .header('cache-control', 'public, max-age=31536000, immutable');
    return sent.stream;
  });
}

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Type } from 'typebox';
import { badRequest, notFound } from '../http/errors';
import type { Api, RouteContext } from './context';
import { errors, fileAnswer, media } from '../http/answers';

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
};
/** A plain file name: no separators, no dot segments, a known extension. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)+$/;

export function registerFileRoutes(app: Api, { filesDir }: RouteContext): void {
  app.get(
    '/files/:name',
    {
      schema: {
        tags: ['dataset'],
        summary: 'A file the details link to (an image or a PDF)',
        params: Type.Object({ name: Type.String() }),
        response: {
          200: media({
            'image/svg+xml': fileAnswer,
            'image/png': fileAnswer,
            'image/jpeg': fileAnswer,
            'application/pdf': fileAnswer,
          }),
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const contentType = CONTENT_TYPES[extname(name).toLowerCase()];
      if (!SAFE_NAME.test(name) || name.includes('..') || !contentType)
        throw badRequest(`not a servable file name: ${name}`);
      const path = join(filesDir, name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw notFound('unknown_file', `no file named ${name}`);
      return reply
        .type(contentType)
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=86400')
        .header('content-disposition', contentType === 'application/pdf' ? `attachment; filename="${name}"` : 'inline')
        .send(createReadStream(path));
    },
  );
}

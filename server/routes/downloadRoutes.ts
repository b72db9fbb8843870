/**
 * Versioned downloads of the data (domain/downloads.ts): the import format, so a download imported back
 * changes nothing (but for a name a spreadsheet would run, which the CSV writes with a quote before it:
 * domain/csvCells.ts); streamed page by page from the store, so a dataset of millions of rows takes bounded
 * memory, and an unfiltered one kept as a file once made, then sent from it with ranges
 * (exporter/DownloadFiles.ts). A version's files never change under their address (they are cacheable for
 * good); `latest` redirects to the current version.
 */
import { once } from 'node:events';
import { stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { Type } from 'typebox';
import { DATA_LICENCE, DOWNLOAD_FILES, LATEST } from '../../domain/downloads';
import { VERSION_GONE } from '../../domain/http';
import { DownloadMetadata, ImportGeoJson } from '../../domain/wire/answers';
import { filterQueryProperties } from '../../domain/wire/requests';
import { isFiltered, passesFilters } from '../../domain/filters';
import { DISTINCT_TYPES, typeByRoute } from '../../domain/locationTypes';
import { streamExport } from '../exporter/writeExport';
import { errors, fileAnswer, media } from '../http/answers';
import { HttpError, notFound } from '../http/errors';
import { filtersOfQuery } from '../http/queryValues';
import { sendFile } from '../http/sendFile';
import { FIELD_MEANINGS, FIELDS } from '../importer/fields';
import type { Api, RouteContext } from './context';

const SOURCE = 'Iran Technical and Vocational Training Organization (TVTO), kept current by its staff in Makan';
const LICENCE = `${DATA_LICENCE}: reuse with attribution to TVTO and Makan`;

const downloadParams = Type.Object({
  version: Type.String({ pattern: `^(\\d{1,10}|${LATEST})$` }),
  file: Type.Enum(DOWNLOAD_FILES),
});

const downloadQuery = Type.Object(
  { ...filterQueryProperties, type: Type.Optional(Type.String({ maxLength: 40 })) },
  { additionalProperties: false },
);

export function registerDownloadRoutes(app: Api, { store, counts, downloads }: RouteContext): void {
  app.get(
    '/downloads/:version/:file',
    {
      schema: {
        tags: ['dataset'],
        summary:
          'The data of one dataset version as the import format (CSV or GeoJSON, all types or ?type=Route, with filters) or its metadata; latest redirects to the current version',
        params: downloadParams,
        querystring: downloadQuery,
        response: {
          200: media({
            'text/csv': fileAnswer,
            'application/geo+json': ImportGeoJson,
            'application/json': DownloadMetadata,
          }),
          // A version's unfiltered files, once written, are sent with ranges (exporter/DownloadFiles.ts).
          206: media({ 'text/csv': fileAnswer, 'application/geo+json': fileAnswer }),
          302: { description: 'latest: to the current version', type: 'null' },
          304: { description: 'the copy the client holds is current', type: 'null' },
          ...errors(400, 404, 416),
        },
      },
    },
    async (request, reply) => {
      const { version, file } = request.params;
      const meta = await store.meta();
      if (version === LATEST) {
        const query = new URL(request.url, 'http://makan').search;
        return reply
          .header('cache-control', 'no-cache')
          .redirect(`/api/downloads/${meta.version}/${file}${query}`, 302);
      }
      if (Number(version) !== meta.version)
        throw new HttpError(
          404,
          VERSION_GONE,
          `dataset version ${version} is no longer served; the current one is ${meta.version} (or ask for ${LATEST})`,
        );
      const type = request.query.type === undefined ? null : typeByRoute(request.query.type);
      if (type === undefined) throw notFound('unknown_type', `no location type with route ${request.query.type}`);
      const filters = filtersOfQuery(request.query);
      // The same rows for ever under this address, while this version is current.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      if (file === 'metadata.json') {
        const types = type ? [type] : DISTINCT_TYPES;
        const byType = await Promise.all(
          types.map(async (t) => ({
            Type: t.route,
            TypeId: t.typeId,
            Title: t.titleFa,
            Count: [...(await counts.countsByProvince(t.typeId)).values()].reduce((a, b) => a + b, 0),
          })),
        );
        const metadata: DownloadMetadata = {
          Version: meta.version,
          UpdatedAt: meta.updatedAt,
          Source: SOURCE,
          Licence: LICENCE,
          Fields: FIELDS.map((name) => ({ Name: name, Meaning: FIELD_MEANINGS[name] })),
          Count: byType.reduce((sum, t) => sum + t.Count, 0),
          ByType: byType,
        };
        return metadata;
      }
      const format = file === 'locations.csv' ? 'csv' : 'geojson';
      const name = `makan-v${meta.version}${type ? `-${type.route}` : ''}${isFiltered(filters) ? '-filtered' : ''}`;
      const contentType = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/geo+json; charset=utf-8';
      reply.header('content-disposition', `attachment; filename="${name}.${format}"`);
      // Filtered downloads are each a question of their own: made from the store, not kept.
      const kept = isFiltered(filters) ? null : await downloads.ready(meta, type?.typeId ?? null, format);
      if (kept !== null && 'whole' in kept) {
        const sent = await sendFile(request, kept.whole);
        if (sent.type === 'file') {
          reply
            .code(sent.statusCode as 200 | 206 | 304)
            .headers(sent.headers)
            .type(contentType);
          return sent.stream;
        }
        if (sent.status === 416) {
          const size = (await stat(kept.whole).catch(() => null))?.size;
          throw new HttpError(416, 'range_not_satisfiable', `the range lies past the file's end (${size} bytes)`);
        }
        // Gone between the two looks (a newer version's file replaced it): made from the store, as before it was.
      }
      // An import applied while the file was read would mix two versions under one version's address: such a
      // file is cut off (the client sees a failed download), never completed.
      const stillThisVersion = async () => {
        if ((await store.meta()).version !== meta.version) throw new Error('the dataset changed during the download');
      };
      const fromStore = () => {
        const body = new PassThrough();
        const rows = streamExport(store, type?.typeId ?? null, format, body, (record) =>
          passesFilters(record, filters),
        );
        rows.then(stillThisVersion).catch((error: unknown) => {
          // A client that left stops its export (writeExport.ts): not a failure of ours.
          if (body.destroyed) return request.log.info('download left by its client: its export stopped');
          // Before its first byte the error handler answers it (a refusal with 503, else 500) and logs it, once.
          if (!reply.raw.headersSent) return body.destroy(error as Error);
          // Midway, the download is cut off and said once, here: a stream ended by an error is logged again as a
          // failure, without its request, by the compression's pipeline (@fastify/compress), the database's
          // refusal (503, a warning elsewhere) among them.
          if (error instanceof HttpError)
            request.log.warn({ error: error.code, url: request.url }, 'download cut off midway: the database refused');
          else request.log.error({ err: error }, 'download failed midway');
          body.destroy();
        });
        return body;
      };
      // Its writing given up midway: the rest from the store, unless the dataset is no longer this version's.
      const rest = async function* () {
        await stillThisVersion();
        yield* fromStore();
      };
      // Being written: read as it grows, one export for all who ask meanwhile (its length is not known yet).
      const body = kept !== null && 'growing' in kept ? kept.growing.stream(rest) : fromStore();
      // Sent once it has its first bytes: a failure before them (the database refusing the first page) is then
      // the handler's, answered with its status by the error handler, and never passes through the compression.
      await once(body, 'readable');
      // The stream is returned, not sent through `reply`: a handler returning `reply` waits on the response, and
      // a response ended by a failure midway would then be answered again with an error (a warning that the reply
      // was already sent, each time).
      reply.type(contentType);
      return body;
    },
  );
}

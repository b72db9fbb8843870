/**
 * The API's OpenAPI 3.1 description, generated from the routes' own schemas (@fastify/swagger), at
 * /api/openapi.json, and its docs page at /api/docs (Swagger UI's files from the package: no CDN, works
 * offline). Must be installed before the routes, which it collects as they register.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { DATASET_VERSION_HEADER } from '../../domain/http';
import { DOCS_THEME_CSS } from './docsTheme';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

export async function installOpenApi(app: FastifyInstance): Promise<void> {
  // Response schemas document the answers; they must never drop a field an answer has, so answers are
  // written as built (the default serializer keeps only what a schema lists).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Makan API',
        version: '1',
        description:
          'The locations of Iran’s technical and vocational training organisation and their statistics. ' +
          'The gateway’s calls keep its paths and field names; the others are Makan’s own. Filters (gender, ' +
          'legal, supervisor) repeat for several values. Every error answers {error, message}. Every answer ' +
          `carries the dataset version it was made from in ${DATASET_VERSION_HEADER}.`,
      },
      tags: [
        { name: 'map', description: 'Locations on the map' },
        { name: 'statistics', description: 'Counts per province, gender, and their lists' },
        { name: 'analysis', description: 'Coverage, comparison and areas' },
        { name: 'search', description: 'Search, nearest and places' },
        { name: 'dataset', description: 'The catalogue, the dataset and the server' },
      ],
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: true,
    // No top bar (a logo without words, an unlabelled address box: neither is of use here), and paths as
    // words, not links nested in each route's button.
    uiConfig: { deepLinking: false, layout: 'BaseLayout' },
    theme: { title: 'Makan API', css: [{ filename: 'makan.css', content: DOCS_THEME_CSS }] },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

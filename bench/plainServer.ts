/**
 * The strong plain baseline: a server that keeps one type's points in memory in a kdbush index
 * and answers the LazyLoad contract on node:http, with JSON.stringify (capped like the gateway) or, asked
 * for Makan's compact form, 12 bytes a point. No framework, no database on the request path.
 * `tsx bench/plainServer.ts <sqlite db> <port> <typeId> [fastify]`
 *
 * With `fastify`, the same answers from a bare Fastify route instead (no plugin, no hook, Fastify's own JSON
 * body parsing): the framework's floor, what any route of ours costs before the house's conventions (security
 * headers, rate limit, one version, compression and ETags) are added. The tile benchmark prints it beside the
 * plain server, so how much of a tile's time over the plain box query is Fastify's and how much ours is measured
 * in each run (bench/suites/tileFigures.ts).
 */
import { createServer } from 'node:http';
import Fastify from 'fastify';
import KDBush from 'kdbush';
import { LAZYLOAD_ROW_CAP, type MapLocation } from '../domain/gateway';
import type { ViewportBounds } from '../domain/wire/requests';
import { POINTS_MEDIA_TYPE } from '../domain/pointsWire';
import { openDatabase } from '../server/store/sqlite/openDatabase';

const [dbFile, port, typeId, framework] = process.argv.slice(2);
const { db } = openDatabase(dbFile!, { readonly: true });
const rows = db
  .prepare(
    'SELECT l.lat AS Lat, l.lon AS Long, l.name AS Name, l.guid AS Guid FROM location l JOIN location_type t ON t.id = l.type_id WHERE t.guid = ?',
  )
  .all(typeId) as MapLocation[];
db.close();
const index = new KDBush(rows.length);
for (const row of rows) index.add(row.Long, row.Lat);
index.finish();

/** The answer for a box: compact (12 bytes a point) when asked for, else JSON capped as the gateway caps it. */
function answer(box: ViewportBounds, accept: string): { type: string; body: Buffer | string } {
  const ids = index.range(box.MinLon, box.MinLat, box.MaxLon, box.MaxLat);
  if (accept.includes(POINTS_MEDIA_TYPE)) {
    const body = Buffer.alloc(ids.length * 12);
    const positions = new Float32Array(body.buffer, body.byteOffset, ids.length * 2);
    const idArray = new Uint32Array(body.buffer, body.byteOffset + ids.length * 8, ids.length);
    ids.forEach((id, i) => {
      positions[i * 2] = rows[id]!.Long;
      positions[i * 2 + 1] = rows[id]!.Lat;
      idArray[i] = id;
    });
    return { type: POINTS_MEDIA_TYPE, body };
  }
  const picked = ids.slice(0, LAZYLOAD_ROW_CAP).map((id) => rows[id]!);
  return { type: 'application/json; charset=utf-8', body: JSON.stringify(picked) };
}

function readBody(request: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

if (framework === 'fastify') {
  const app = Fastify();
  app.post<{ Body: ViewportBounds }>('/api/Map/LazyLoad/:typeId', async (request, reply) => {
    const { type, body } = answer(request.body, request.headers.accept ?? '');
    reply.type(type);
    return body;
  });
  await app.listen({ host: '127.0.0.1', port: Number(port) });
  console.log('ready');
} else {
  createServer(async (request, response) => {
    if (request.method !== 'POST' || !request.url?.startsWith('/api/Map/LazyLoad/')) {
      response.writeHead(404).end();
      return;
    }
    const { type, body } = answer(JSON.parse(await readBody(request)) as ViewportBounds, request.headers.accept ?? '');
    response.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
  }).listen(Number(port), '127.0.0.1', () => console.log('ready'));
}

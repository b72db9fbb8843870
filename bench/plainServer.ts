/**
 * The strong plain baseline: a server that keeps one type's points in memory in a kdbush index
 * and answers the LazyLoad contract on node:http, with JSON.stringify (capped like the gateway) or, asked
 * for Makan's compact form, 12 bytes a point. No framework, no database on the request path.
 * `tsx bench/plainServer.ts <sqlite db> <port> <typeId>`
 */
import { createServer } from 'node:http';
import KDBush from 'kdbush';
import { LAZYLOAD_ROW_CAP, type MapLocation } from '../domain/gateway';
import type { ViewportBounds } from '../domain/wire/requests';
import { POINTS_MEDIA_TYPE } from '../domain/pointsWire';
import { openDatabase } from '../server/store/sqlite/openDatabase';

const [dbFile, port, typeId] = process.argv.slice(2);
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

function readBody(request: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

createServer(async (request, response) => {
  if (request.method !== 'POST' || !request.url?.startsWith('/api/Map/LazyLoad/')) {
    response.writeHead(404).end();
    return;
  }
  const box = JSON.parse(await readBody(request)) as ViewportBounds;
  const ids = index.range(box.MinLon, box.MinLat, box.MaxLon, box.MaxLat);
  if ((request.headers.accept ?? '').includes(POINTS_MEDIA_TYPE)) {
    const body = Buffer.alloc(ids.length * 12);
    const positions = new Float32Array(body.buffer, body.byteOffset, ids.length * 2);
    const idArray = new Uint32Array(body.buffer, body.byteOffset + ids.length * 8, ids.length);
    ids.forEach((id, i) => {
      positions[i * 2] = rows[id]!.Long;
      positions[i * 2 + 1] = rows[id]!.Lat;
      idArray[i] = id;
    });
    response.writeHead(200, { 'content-type': POINTS_MEDIA_TYPE, 'content-length': body.length }).end(body);
    return;
  }
  const picked = ids.slice(0, LAZYLOAD_ROW_CAP).map((id) => rows[id]!);
  const body = JSON.stringify(picked);
  response
    .writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
    .end(body);
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));

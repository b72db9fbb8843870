/**
 * The OpenAPI description against the server it describes, on both stores: every route the client calls is
 * in it with its parameters and answers, and real answers of every route (successes and errors) validate
 * against the schema it gives for their status and media type, as do its answers to hostile values on every
 * operation it describes (tests/support/hostileSweep.ts). The docs page and its files come from our own server
 * (no CDN).
 */
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapLocation } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { POINTS_MEDIA_TYPE } from '../../domain/pointsWire';
import { hashPassword } from '../../server/desk/passwords';
import { hostileRequests, sendAll, type SweepRequest } from '../support/hostileSweep';
import { CookieClient } from '../support/staffClient';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const centers = typeByRoute('Centers')!;
const ZERO = '00000000-0000-0000-0000-000000000000';
const SWEEPER_PASSWORD = 'a sweeper of hostile values';
const TEHRAN_BOX = { MinLat: 35, MinLon: 50.5, MaxLat: 36.5, MaxLon: 52.5 };
const SQUARE = [
  [51, 35],
  [52, 35],
  [52, 36],
  [51, 36],
];

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
type Description = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** A call as the client makes it: the path template it matches in the description, and the request. */
interface Call {
  template: string;
  method: 'get' | 'post';
  path: string;
  body?: unknown;
  accept?: string;
  status: number;
}

function calls(guid: string, version = 1): Call[] {
  const t = centers.typeId;
  return [
    { template: '/api/types', method: 'get', path: '/api/types', status: 200 },
    { template: '/api/meta', method: 'get', path: '/api/meta', status: 200 },
    { template: '/api/health', method: 'get', path: '/api/health', status: 200 },
    { template: '/api/basemap', method: 'get', path: '/api/basemap', status: 200 },
    {
      template: '/api/Map/BindByOrglocationTypeID/{typeId}',
      method: 'get',
      path: `/api/Map/BindByOrglocationTypeID/${t}`,
      status: 200,
    },
    {
      template: '/api/Map/LazyLoad/{typeId}',
      method: 'post',
      path: `/api/Map/LazyLoad/${t}`,
      body: TEHRAN_BOX,
      status: 200,
    },
    {
      template: '/api/Map/LazyLoad/{typeId}',
      method: 'post',
      path: `/api/Map/LazyLoad/${t}`,
      body: TEHRAN_BOX,
      accept: POINTS_MEDIA_TYPE,
      status: 200,
    },
    {
      template: '/api/Map/LazyLoad/{typeId}',
      method: 'post',
      path: `/api/Map/LazyLoad/${t}`,
      body: { ...TEHRAN_BOX, MinLat: 99 },
      status: 400,
    },
    {
      template: '/api/points/{typeId}/labels',
      method: 'post',
      path: `/api/points/${t}/labels`,
      body: { version: 0, ids: [0] },
      status: 409,
    },
    {
      template: '/api/TVTOBase/OrglocationMap/{typeId}',
      method: 'get',
      path: `/api/TVTOBase/OrglocationMap/${t}`,
      status: 200,
    },
    {
      template: '/api/TVTOBase/OrglocationMap/{typeId}',
      method: 'get',
      path: `/api/TVTOBase/OrglocationMap/${t}?zoom=8&minLat=35&minLon=50&maxLat=37&maxLon=53`,
      status: 200,
    },
    {
      template: '/api/TVTOBase/GetMapLocationDetailsx/{guid}',
      method: 'get',
      path: `/api/TVTOBase/GetMapLocationDetailsx/${guid}`,
      status: 200,
    },
    {
      template: '/api/TVTOBase/GetMapLocationDetailsx/{guid}',
      method: 'get',
      path: `/api/TVTOBase/GetMapLocationDetailsx/${ZERO.replace(/0$/, '1')}`,
      status: 404,
    },
    {
      template: '/api/TVTOBase/OrglocationChartData/{typeId}',
      method: 'get',
      path: `/api/TVTOBase/OrglocationChartData/${t}`,
      status: 200,
    },
    {
      template: '/api/TVTOBase/OrglocationChartData/{typeId}',
      method: 'get',
      path: `/api/TVTOBase/OrglocationChartData/${ZERO}`,
      status: 404,
    },
    {
      template: '/api/TVTOBase/OrglocationPie/{typeId}/{ostan}',
      method: 'get',
      path: `/api/TVTOBase/OrglocationPie/${t}/Tehran`,
      status: 200,
    },
    {
      template: '/api/TVTOBase/OrglocationByTypeAndOstan/{typeId}/{ostan}',
      method: 'get',
      path: `/api/TVTOBase/OrglocationByTypeAndOstan/${t}/All?gender=${encodeURIComponent('زنانه')}`,
      status: 200,
    },
    { template: '/api/A/1111/Tree', method: 'get', path: `/api/A/1111/Tree?Guid=${ZERO}`, status: 200 },
    {
      template: '/api/search',
      method: 'get',
      path: `/api/search?q=${encodeURIComponent('مرکز')}&lat=35.7&lon=51.4`,
      status: 200,
    },
    { template: '/api/search', method: 'get', path: '/api/search?q=x&lat=35.7', status: 400 },
    { template: '/api/nearest/{typeId}', method: 'get', path: `/api/nearest/${t}?lat=35.7&lon=51.4`, status: 200 },
    { template: '/api/places', method: 'get', path: `/api/places?q=${encodeURIComponent('شیراز')}`, status: 200 },
    { template: '/api/facets/{typeId}', method: 'get', path: `/api/facets/${t}?ostan=Tehran`, status: 200 },
    { template: '/api/coverage/{typeId}', method: 'get', path: `/api/coverage/${t}?km=25`, status: 200 },
    { template: '/api/equity/{typeId}', method: 'get', path: `/api/equity/${t}?level=county&km=25`, status: 200 },
    { template: '/api/equity/{typeId}', method: 'get', path: `/api/equity/${t}?level=town&km=25`, status: 400 },
    { template: '/api/compare', method: 'get', path: '/api/compare?ostan=Tehran&ostan=Fars', status: 200 },
    { template: '/api/area/{typeId}', method: 'post', path: `/api/area/${t}`, body: { Polygon: SQUARE }, status: 200 },
    {
      template: '/api/area/{typeId}',
      method: 'post',
      path: `/api/area/${t}?format=geojson`,
      body: { Polygon: SQUARE },
      status: 200,
    },
    {
      template: '/api/area/{typeId}',
      method: 'post',
      path: `/api/area/${t}`,
      body: { Polygon: [SQUARE[0], SQUARE[2], SQUARE[1], SQUARE[3]] },
      status: 400,
    },
    { template: '/api/files/{name}', method: 'get', path: '/api/files/regulations.pdf', status: 200 },
    { template: '/api/changes', method: 'get', path: '/api/changes', status: 200 },
    { template: '/api/changes', method: 'get', path: '/api/changes?since=x', status: 400 },
    {
      template: '/api/downloads/{version}/{file}',
      method: 'get',
      path: `/api/downloads/${version}/metadata.json`,
      status: 200,
    },
    {
      template: '/api/downloads/{version}/{file}',
      method: 'get',
      path: `/api/downloads/${version}/locations.geojson?type=Centers`,
      status: 200,
    },
    {
      template: '/api/downloads/{version}/{file}',
      method: 'get',
      path: `/api/downloads/${version}/locations.csv`,
      status: 200,
    },
    {
      template: '/api/downloads/{version}/{file}',
      method: 'get',
      path: `/api/downloads/${version + 1}/locations.csv`,
      status: 404,
    },
    { template: '/api/files/{name}', method: 'get', path: '/api/files/nothing.pdf', status: 404 },
    // The feed: Atom for a reader, a refusal in words for the person who opened it, the API's JSON for a bad query.
    { template: '/api/feeds/changes.atom', method: 'get', path: '/api/feeds/changes.atom?type=Centers', status: 200 },
    { template: '/api/feeds/changes.atom', method: 'get', path: '/api/feeds/changes.atom?type=Nowhere', status: 404 },
    {
      template: '/api/feeds/changes.atom',
      method: 'get',
      path: `/api/feeds/changes.atom?lang=${'x'.repeat(9)}`,
      status: 400,
    },
  ];
}

describe.each(STORE_KINDS)('OpenAPI description (%s store)', (store) => {
  let server: TestServer;
  let api: ApiClient;
  let description: Description;
  const ajv = new Ajv({ strict: false, allErrors: true });

  beforeAll(async () => {
    server = await startTestServer({ store, points: 1500 });
    api = new ApiClient(server.baseUrl);
    description = await api.json<Description>('/api/openapi.json');
  });
  afterAll(() => server.stop());

  it('is OpenAPI 3.1, and every route the client calls is in it with its parameters', () => {
    expect(description.openapi).toBe('3.1.0');
    const [some] = calls(ZERO);
    expect(some).toBeDefined();
    for (const call of calls(ZERO)) {
      const operation = description.paths[call.template]?.[call.method];
      expect(operation, `${call.method} ${call.template}`).toBeDefined();
      for (const name of call.template.match(/\{(\w+)\}/g) ?? [])
        expect(operation!.parameters?.some((p) => p.in === 'path' && `{${p.name}}` === name)).toBe(true);
      if (call.method === 'post') expect(operation!.requestBody).toBeDefined();
      // Its errors: a server failure and the server's refusal (503, Retry-After) always may; a bad parameter wherever
      // there are parameters.
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['500', '503']));
      if (operation!.parameters?.length || operation!.requestBody)
        expect(Object.keys(operation!.responses)).toContain('400');
    }
  });

  it('real answers of every route validate against the schema it gives for their status and media type', async () => {
    // The XSRF cookie first, as a browser has it from the page.
    const [first] = await api.json<MapLocation[]>(`/api/Map/BindByOrglocationTypeID/${centers.typeId}`);
    const { version } = await api.json<{ version: number }>('/api/meta');
    for (const call of calls(first!.Guid, version)) {
      const response = await api.request(call.path, {
        method: call.method.toUpperCase(),
        headers: { accept: call.accept ?? 'application/json', 'content-type': 'application/json' },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      expect(response.status, call.path).toBe(call.status);
      const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!;
      const answer = description.paths[call.template]![call.method]!.responses[String(call.status)];
      const schema = answer?.content?.[mediaType]?.schema;
      expect(schema, `${call.path}: ${call.status} ${mediaType} is described`).toBeDefined();
      // Files are described by their media type only, and their bodies not wanted: cancelled, as a client that
      // stops a download does (one left unread holds its connection open, and the server's stop waits for it).
      if (!mediaType.endsWith('json')) {
        await response.body?.cancel();
        continue;
      }
      const body: unknown = await response.json();
      const valid = ajv.validate(schema!, body);
      expect(valid ? [] : JSON.stringify(ajv.errors), `${call.method} ${call.path}`).toEqual([]);
    }
  });

  it('every answer to hostile values, on every operation described, is one the description gives', async () => {
    const [first] = await api.json<MapLocation[]>(`/api/Map/BindByOrglocationTypeID/${centers.typeId}`);
    const { version } = await api.json<{ version: number }>('/api/meta');
    const ordinary: Record<string, string> = {
      typeId: centers.typeId,
      guid: first!.Guid,
      ostan: 'Tehran',
      version: String(version),
      z: '10',
      x: '650',
      y: '400',
      name: 'regulations.pdf',
      file: 'locations.csv',
      id: '1',
    };
    // Signed in, so the staff's routes are swept past their door; signing out is swept last.
    await server.store.desk.addAccount('sweeper', await hashPassword(SWEEPER_PASSWORD), new Date().toISOString());
    const staff = new CookieClient(server.baseUrl);
    expect((await staff.signIn('sweeper', SWEEPER_PASSWORD)).status).toBe(204);
    const cookie = [...staff.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const last = (template: string) => (template === '/api/staff/session' ? 1 : 0);
    const paths = Object.fromEntries(Object.entries(description.paths).sort(([a], [b]) => last(a) - last(b)));
    const requests = [...hostileRequests(paths, (name) => ordinary[name] ?? '1')];
    expect(requests.length).toBeGreaterThan(1500);
    const answers = await sendAll(server.baseUrl, requests, {
      cookie,
      'x-xsrf-token': staff.cookies.get('XSRF-TOKEN')!,
      accept: 'application/json',
    });
    // What is wrong, once per operation, status and reason, with the first request that showed it.
    const wrong = new Map<string, string>();
    const note = (sent: SweepRequest, status: number, reason: string, detail: string) => {
      const key = `${sent.method} ${sent.template} ${status}: ${reason}`;
      if (!wrong.has(key)) wrong.set(key, `${sent.path.slice(0, 100)} ${sent.body?.slice(0, 40) ?? ''} ${detail}`);
    };
    for (const [sent, answer] of answers) {
      const described = description.paths[sent.template]![sent.method.toLowerCase()]!.responses[String(answer.status)];
      if (answer.status >= 500 || !described) {
        note(sent, answer.status, 'not an answer it describes', answer.body.toString().slice(0, 160));
        continue;
      }
      if (answer.body.length === 0 && !described.content) continue;
      const schema = described.content?.[answer.mediaType]?.schema;
      if (!schema) note(sent, answer.status, `${answer.mediaType} is not described`, '');
      else if (answer.mediaType.endsWith('json') && !ajv.validate(schema, JSON.parse(answer.body.toString())))
        note(sent, answer.status, 'breaks its schema', JSON.stringify(ajv.errors));
    }
    expect(Object.fromEntries(wrong)).toEqual({});
    // And the server is as it was: ready, its figures unchanged, nothing polluted.
    expect(await api.json('/api/health')).toMatchObject({ status: 'ready', database: 'ok' });
    expect((await api.json<{ version: number }>('/api/meta')).version).toBe(version);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('fails a real answer that breaks its schema (the check can fail)', async () => {
    const schema = description.paths['/api/meta']!.get!.responses['200']!.content!['application/json']!.schema;
    const meta = await api.json<Record<string, unknown>>('/api/meta');
    expect(ajv.validate(schema, meta)).toBe(true);
    expect(ajv.validate(schema, { ...meta, version: 'one' })).toBe(false);
    delete meta['updatedAt'];
    expect(ajv.validate(schema, meta)).toBe(false);
  });

  it('serves its docs page and the page’s files itself', async () => {
    const page = await api.request('/api/docs/');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    for (const file of html.match(/(?:src|href)="\.?\/?[^"]+\.(?:js|css)"/g) ?? []) {
      const name = file.replace(/^(?:src|href)="\.?\/?/, '').replace(/"$/, '');
      const url = name.startsWith('api/') ? `/${name}` : `/api/docs/${name}`;
      const answer = await api.request(url);
      expect(answer.status, url).toBe(200);
      await answer.arrayBuffer(); // read to the end, as the browser does (an unread body holds the connection)
    }
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_GUID } from '../../domain/guid';
import { LAZYLOAD_ROW_CAP, TRUNCATED_HEADER } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { SEED_PAST_THE_CAP } from '../support/seededDatabases';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const academy = typeByRoute('Academy')!.typeId;
const UNKNOWN_TYPE = '11111111-2222-3333-4444-555555555555';

async function expectError(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
}

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ store, points: SEED_PAST_THE_CAP });
    api = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.stop());

  describe('bad input answers 4xx with {error, message}', () => {
    it.each([
      ['malformed type id', `/api/Map/BindByOrglocationTypeID/not-a-guid`, 400],
      ['unknown type id', `/api/Map/BindByOrglocationTypeID/${UNKNOWN_TYPE}`, 404],
      ['malformed detail guid', `/api/TVTOBase/GetMapLocationDetailsx/123`, 400],
      ['all-zero detail guid', `/api/TVTOBase/GetMapLocationDetailsx/${EMPTY_GUID}`, 400],
      ['unknown detail guid', `/api/TVTOBase/GetMapLocationDetailsx/${UNKNOWN_TYPE}`, 404],
      ['unknown province', `/api/TVTOBase/OrglocationPie/${academy}/Atlantis`, 404],
      ['unknown province in list', `/api/TVTOBase/OrglocationByTypeAndOstan/${academy}/Atlantis`, 404],
      ['chart of unknown type', `/api/TVTOBase/OrglocationChartData/${UNKNOWN_TYPE}`, 404],
      ['partial cluster box', `/api/TVTOBase/OrglocationMap/${academy}?zoom=6&minLat=30`, 400],
      [
        'non-numeric cluster box',
        `/api/TVTOBase/OrglocationMap/${academy}?zoom=x&minLat=a&minLon=b&maxLat=c&maxLon=d`,
        400,
      ],
      [
        'inverted cluster box',
        `/api/TVTOBase/OrglocationMap/${academy}?zoom=6&minLat=40&minLon=44&maxLat=30&maxLon=60`,
        400,
      ],
      [
        'out-of-range zoom',
        `/api/TVTOBase/OrglocationMap/${academy}?zoom=99&minLat=30&minLon=44&maxLat=40&maxLon=60`,
        400,
      ],
      ['malformed tree guid', `/api/A/1111/Tree?Guid=abc`, 400],
      ['unknown tree guid', `/api/A/1111/Tree?Guid=${UNKNOWN_TYPE}`, 404],
      ['dot segments in a file name', `/api/files/..%2F..%2Fpackage.json`, 400],
      ['encoded separator in a file name', `/api/files/a%2Fb.svg`, 400],
      ['unknown file', `/api/files/nothing-here.svg`, 404],
      ['unknown api route', `/api/nothing`, 404],
    ])('%s', async (_label, path, status) => {
      await expectError(await api.request(path), status);
    });

    it.each([
      ['non-numeric box', { MinLat: 'a', MinLon: 50, MaxLat: 36, MaxLon: 52 }],
      ['inverted box', { MinLat: 36, MinLon: 52, MaxLat: 35, MaxLon: 51 }],
      ['out-of-range box', { MinLat: -100, MinLon: 50, MaxLat: 36, MaxLon: 52 }],
      ['missing field', { MinLat: 35, MinLon: 50, MaxLat: 36 }],
      ['extra field', { MinLat: 35, MinLon: 50, MaxLat: 36, MaxLon: 52, Evil: 1 }],
    ])('LazyLoad with a %s answers 400', async (_label, body) => {
      await expectError(await api.post(`/api/Map/LazyLoad/${academy}`, body), 400);
    });

    it('an oversized LazyLoad body answers 413', async () => {
      await expectError(
        await api.post(`/api/Map/LazyLoad/${academy}`, {
          MinLat: 35,
          MinLon: 50,
          MaxLat: 36,
          MaxLon: 52,
          pad: 'x'.repeat(5000),
        }),
        413,
      );
    });

    it('a POST without the XSRF header answers 403', async () => {
      await expectError(
        await api.post(
          `/api/Map/LazyLoad/${academy}`,
          { MinLat: 35, MinLon: 50, MaxLat: 36, MaxLon: 52 },
          { sendXsrf: false },
        ),
        403,
      );
    });

    it('LazyLoad caps its rows and says so in a header', async () => {
      const response = await api.post(`/api/Map/LazyLoad/${academy}`, {
        MinLat: 20,
        MinLon: 40,
        MaxLat: 42,
        MaxLon: 66,
      });
      const rows = (await response.json()) as unknown[];
      const total = (await api.json<string[]>(`/api/TVTOBase/OrglocationByTypeAndOstan/${academy}/All`)).length;
      expect(total).toBeGreaterThan(LAZYLOAD_ROW_CAP);
      expect(rows).toHaveLength(LAZYLOAD_ROW_CAP);
      expect(response.headers.get(TRUNCATED_HEADER)).toBe(String(LAZYLOAD_ROW_CAP));
    });

    it('keeps serving after bad input', async () => {
      expect((await api.request('/api/types')).status).toBe(200);
    });
  });
});

describe('rate limit', () => {
  it('answers 429 with {error, message} past the configured limit', async () => {
    const limited = await startTestServer({ points: 100, rateLimit: 5 });
    try {
      const client = new ApiClient(limited.baseUrl);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await client.request('/api/types')).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      const response = await client.request('/api/types');
      await expectError(response, 429);
    } finally {
      await limited.stop();
    }
  });
});

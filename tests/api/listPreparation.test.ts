/**
 * A chart view prepares its type's whole list ahead of the dialog only when the list is short: a long one is
 * hundreds of thousands of names, seconds of work (in batches, so other requests go on) that nobody may open.
 * Over real HTTP on both stores, with the store's reads of each type's points counted (a list is read from them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeByRoute } from '../../domain/locationTypes';
import { LIST_PREPARED_MAX } from '../../server/routes/statsRoutes';
import { startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const centers = typeByRoute('Centers')!;
const academy = typeByRoute('Academy')!;

describe.each(STORE_KINDS)('lists prepared by a chart view (%s)', (store) => {
  let server: TestServer;
  const pointReads: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ store, points: 1500 });
    const pointPage = server.store.pointPage.bind(server.store);
    server.store.pointPage = (typeId, afterId, limit) => {
      pointReads.push(typeId.toUpperCase());
      return pointPage(typeId, afterId, limit);
    };
    // Academy is said to be longer than any list worth preparing; the counts are the store's, as the chart's.
    const countsByProvince = server.store.countsByProvince.bind(server.store);
    server.store.countsByProvince = async (typeId) =>
      typeId.toUpperCase() === academy.typeId.toUpperCase()
        ? new Map([['IR-23', LIST_PREPARED_MAX + 1]])
        : countsByProvince(typeId);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const chart = async (typeId: string) =>
    expect((await fetch(`${server.baseUrl}/api/TVTOBase/OrglocationChartData/${typeId}`)).status).toBe(200);

  it('a short list is read once the chart is asked for, a long one only when its dialog opens', async () => {
    await chart(centers.typeId);
    await expect.poll(() => pointReads).toContain(centers.typeId.toUpperCase());
    await chart(academy.typeId);
    // The request after it has been answered: the long list was not started by the chart.
    await chart(centers.typeId);
    expect(pointReads).not.toContain(academy.typeId.toUpperCase());
    const list = await fetch(`${server.baseUrl}/api/TVTOBase/OrglocationByTypeAndOstan/${academy.typeId}/All`);
    expect(list.status).toBe(200);
    expect(pointReads).toContain(academy.typeId.toUpperCase());
  });
});

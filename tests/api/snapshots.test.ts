/**
 * Points, cluster index and name order snapshots over real HTTP on both stores: the first server to build a
 * type writes its files; a second server on the same database reads them instead of the rows and the clustering, and
 * answers byte for byte the same; a damaged file is refused and written again (a file of another dataset is
 * refused alike: tests/unit/pointsSnapshot, tests/unit/clusterSnapshot).
 */
import { readFileSync, writeFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeByRoute } from '../../domain/locationTypes';
import { buildApp } from '../../server/app';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const centers = typeByRoute('Centers')!;
const academy = typeByRoute('Academy')!;
const IRAN = { MinLat: 24, MinLon: 43, MaxLat: 40.5, MaxLon: 64 };

function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { stream, lines, said: (msg: string) => lines.filter((line) => line['msg'] === msg) };
}

async function waitFor(test: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > 30_000) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(STORE_KINDS)('points snapshots (%s)', (store) => {
  let first: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'makan-snapshots-'));
  const opened: FastifyInstance[] = [];

  /** A second server process's app on the same database and snapshot folder. */
  async function another() {
    const log = logCapture();
    const app = await buildApp({
      store: first.store,
      rateLimit: 100_000,
      clientDir: null,
      tileOrigin: null,
      snapshotDir: dir,
      logger: { level: 'info', stream: log.stream },
    });
    opened.push(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    return { base: `http://127.0.0.1:${port}`, log };
  }

  const ask = async (base: string, typeId: string) => {
    const response = await new ApiClient(base).post(`/api/Map/LazyLoad/${typeId}`, IRAN);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const chart = async (base: string, typeId: string) =>
    (await fetch(`${base}/api/TVTOBase/OrglocationChartData/${typeId}`)).text();

  beforeAll(async () => {
    first = await startTestServer({ store, points: 3000, snapshotDir: dir });
  });
  afterAll(async () => {
    for (const app of opened) await app.close();
    await first.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const fileOf = (typeId: string) => join(dir, `points-${typeId}.bin`);
  const clustersFileOf = (typeId: string) => join(dir, `clusters-${typeId}.bin`);
  const namesFileOf = (typeId: string) => join(dir, `names-${typeId}.bin`);
  /** The names inside Iran's box, first by name: the question that needs the type's name order. */
  const area = async (base: string, typeId: string) => {
    const polygon = [
      [IRAN.MinLon, IRAN.MinLat],
      [IRAN.MaxLon, IRAN.MinLat],
      [IRAN.MaxLon, IRAN.MaxLat],
      [IRAN.MinLon, IRAN.MaxLat],
    ];
    const response = await new ApiClient(base).post(`/api/area/${typeId}`, { Polygon: polygon });
    expect(response.status).toBe(200);
    return (await response.json()) as { Names: string[] };
  };
  /** Every zoom's bubbles over Iran, as the map asks for them below the type's own zoom. */
  const bubbles = async (base: string, typeId: string) => {
    const answers: string[] = [];
    for (const zoom of [5, 7, 9])
      answers.push(
        await (
          await fetch(
            `${base}/api/TVTOBase/OrglocationMap/${typeId}?zoom=${zoom}&minLat=24&minLon=43&maxLat=40.5&maxLon=64`,
          )
        ).text(),
      );
    return answers;
  };

  it('the first server writes the type it built; a second one reads it and answers the same', async () => {
    const built = await ask(first.baseUrl, centers.typeId);
    expect(JSON.parse(built.toString()).length).toBeGreaterThan(10);
    await waitFor(() => existsSync(fileOf(centers.typeId)), 'the snapshot is written');
    const second = await another();
    const read = await ask(second.base, centers.typeId);
    expect(read.equals(built)).toBe(true);
    expect(await chart(second.base, centers.typeId)).toBe(await chart(first.baseUrl, centers.typeId));
    expect(second.log.said('points loaded from snapshot').map((l) => l['typeId'])).toEqual([centers.typeId]);
  });

  it('a damaged file is refused, the type built from the store, and the file written whole again', async () => {
    await ask(first.baseUrl, academy.typeId);
    await waitFor(() => existsSync(fileOf(academy.typeId)), 'the snapshot is written');
    const good = readFileSync(fileOf(academy.typeId));
    const damaged = Buffer.from(good);
    damaged[damaged.length - 10] = damaged[damaged.length - 10]! ^ 0x55;
    writeFileSync(fileOf(academy.typeId), damaged);
    const third = await another();
    expect((await ask(third.base, academy.typeId)).equals(await ask(first.baseUrl, academy.typeId))).toBe(true);
    const refused = third.log.said('points snapshot refused: building from the store');
    expect(refused.map((l) => l['reason'])).toEqual(['damaged (its checksum differs)']);
    await waitFor(() => readFileSync(fileOf(academy.typeId)).equals(good), 'the snapshot is written again');
    // And a fourth reads the repaired file.
    const fourth = await another();
    await ask(fourth.base, academy.typeId);
    expect(fourth.log.said('points loaded from snapshot').map((l) => l['typeId'])).toEqual([academy.typeId]);
  });

  it('a crafted header (the JSON null) is refused too, the type answered, and the file written whole again', async () => {
    await ask(first.baseUrl, academy.typeId);
    await waitFor(() => existsSync(fileOf(academy.typeId)), 'the snapshot is written');
    const good = readFileSync(fileOf(academy.typeId));
    writeFileSync(fileOf(academy.typeId), Buffer.from('MKNPTS01\x04\x00\x00\x00null', 'latin1'));
    const fifth = await another();
    expect((await ask(fifth.base, academy.typeId)).equals(await ask(first.baseUrl, academy.typeId))).toBe(true);
    expect(await chart(fifth.base, academy.typeId)).toBe(await chart(first.baseUrl, academy.typeId));
    const refused = fifth.log.said('points snapshot refused: building from the store');
    expect(refused.map((l) => l['reason'])).toEqual(['a malformed header']);
    await waitFor(() => readFileSync(fileOf(academy.typeId)).equals(good), 'the snapshot is written again');
  });

  it('cluster indexes: the first server writes the type it clustered; another reads it and answers the same', async () => {
    const clustered = await bubbles(first.baseUrl, academy.typeId);
    expect(JSON.parse(clustered[0]!).length).toBeGreaterThan(0);
    await waitFor(() => existsSync(clustersFileOf(academy.typeId)), 'the cluster snapshot is written');
    const fifth = await another();
    expect(await bubbles(fifth.base, academy.typeId)).toEqual(clustered);
    expect(fifth.log.said('cluster index loaded from snapshot').map((l) => l['typeId'])).toEqual([academy.typeId]);

    const damaged = readFileSync(clustersFileOf(academy.typeId));
    damaged[damaged.length - 10] = damaged[damaged.length - 10]! ^ 0x55;
    writeFileSync(clustersFileOf(academy.typeId), damaged);
    const sixth = await another();
    expect(await bubbles(sixth.base, academy.typeId)).toEqual(clustered);
    expect(sixth.log.said('cluster index snapshot refused: built anew').map((l) => l['reason'])).toEqual([
      'damaged (its checksum differs)',
    ]);
    expect(sixth.log.said('cluster index loaded from snapshot')).toEqual([]);
  });

  it('name orders: the first server writes the order it computed; another reads it and lists the same names', async () => {
    const listed = await area(first.baseUrl, centers.typeId);
    expect(listed.Names.length).toBeGreaterThan(10);
    await waitFor(() => existsSync(namesFileOf(centers.typeId)), 'the name order snapshot is written');
    const seventh = await another();
    expect(await area(seventh.base, centers.typeId)).toEqual(listed);
    expect(seventh.log.said('names loaded from snapshot').map((l) => l['typeId'])).toEqual([centers.typeId]);

    const damaged = readFileSync(namesFileOf(centers.typeId));
    damaged[damaged.length - 10] = damaged[damaged.length - 10]! ^ 0x55;
    writeFileSync(namesFileOf(centers.typeId), damaged);
    const eighth = await another();
    expect(await area(eighth.base, centers.typeId)).toEqual(listed);
    expect(eighth.log.said('names snapshot refused: ordering them anew').map((l) => l['reason'])).toEqual([
      'damaged (its checksum differs)',
    ]);
  });
});

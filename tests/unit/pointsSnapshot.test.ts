/** A type's points written to a snapshot and read back (server/points/pointsSnapshot.ts). */
import KDBush from 'kdbush';
import { describe, expect, it } from 'vitest';
import type { DatasetMeta } from '../../domain/gateway';
import { FACETS } from '../../domain/filters';
import { compileFilter, PointFacetsBuilder } from '../../server/points/PointFacets';
import { decodeSnapshot, encodeSnapshot, SnapshotRefused } from '../../server/points/pointsSnapshot';
import { PointTexts } from '../../server/points/PointTexts';
import { idsInBox, jsonOf, allIds, type TypePoints } from '../../server/points/TypePoints';

const META: DatasetMeta = { version: 4, updatedAt: '2026-11-24T09:00:00.000Z', locations: 2500 };
const GENDERS = ['زنانه', 'مردانه', 'مختلط'];

/** 2,500 points over Iran, in chunks of 1,000 (the last one short), with a name of odd bytes (quotes, a backslash). */
function typePoints(count = 2500): TypePoints {
  const coordinates = new Float64Array(2 * count);
  const texts = new PointTexts(1000);
  const facets = new PointFacetsBuilder();
  const tree = new KDBush(count);
  const rows = Array.from({ length: count }, (_, id) => {
    const lon = 44 + ((id * 7919) % 1900) / 100;
    const lat = 25 + ((id * 104729) % 1500) / 100;
    coordinates[2 * id] = lon;
    coordinates[2 * id + 1] = lat;
    tree.add(lon, lat);
    return {
      id,
      lat,
      lon,
      name: id === 3 ? 'هنرستان "نو"\\ ۳' : `مرکز ${id}`,
      guid: `A0000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
      provinceKey: 1 + (id % 31),
      gender: GENDERS[id % 3]!,
      legal: id % 2 ? 'دولتی' : 'غیردولتی',
      supervision: id % 5 ? 'اداره کل' : '',
    };
  });
  tree.finish();
  for (let i = 0; i < count; i += 1000) {
    const page = rows.slice(i, i + 1000);
    facets.append(page);
    texts.append(page.map((r) => JSON.stringify({ Lat: r.lat, Long: r.lon, Name: r.name, Guid: r.guid })));
  }
  return {
    typeId: 'T1',
    version: META.version,
    updatedAt: META.updatedAt,
    count,
    coordinates,
    tree,
    texts,
    facets: facets.build(),
  };
}

/** The file as one buffer, as readFile gives it. */
const fileOf = (points: TypePoints, meta = META) => Buffer.concat(encodeSnapshot(points, meta));

/**
 * The file with another header and the same body (the header is not under the checksum): `header` gets the
 * parsed header and returns the JSON text to write instead.
 */
function withHeader(file: Buffer, header: (parsed: Record<string, unknown>) => string): Buffer {
  const length = file.readUInt32LE(8);
  const headEnd = 12 + length;
  const body = file.subarray(headEnd + ((8 - (headEnd % 8)) % 8));
  const json = Buffer.from(header(JSON.parse(file.toString('utf8', 12, headEnd)) as Record<string, unknown>));
  const size = Buffer.alloc(4);
  size.writeUInt32LE(json.length);
  const head = Buffer.concat([Buffer.from('MKNPTS01', 'ascii'), size, json]);
  return Buffer.concat([head, Buffer.alloc((8 - (head.length % 8)) % 8), body]);
}

describe('points snapshot', () => {
  const points = typePoints();
  const file = fileOf(points);

  it('reads back the same points: positions, tree, texts and filters', async () => {
    const read = await decodeSnapshot(file, { typeId: 'T1', meta: META });
    expect(read.count).toBe(points.count);
    expect(read.version).toBe(META.version);
    expect(read.updatedAt).toBe(META.updatedAt);
    expect([...read.coordinates]).toEqual([...points.coordinates]);
    const box = { minLon: 50, minLat: 30, maxLon: 55, maxLat: 35 };
    expect([...idsInBox(read, box)]).toEqual([...idsInBox(points, box)]);
    expect(idsInBox(read, box).length).toBeGreaterThan(10);
    expect(jsonOf(read, allIds(read)).equals(jsonOf(points, allIds(points)))).toBe(true);
    expect([...read.facets.province]).toEqual([...points.facets.province]);
    for (const { key } of FACETS) {
      expect([...read.facets.columns[key].codes]).toEqual([...points.facets.columns[key].codes]);
      expect(read.facets.columns[key].values).toEqual(points.facets.columns[key].values);
      expect([...read.facets.columns[key].codeOf]).toEqual([...points.facets.columns[key].codeOf]);
    }
    // A filter compiled on the read points passes exactly the same ids (Arabic ي and ك fold as before).
    const filters = { gender: ['زنانه'], legal: ['دولتي'], supervisor: [] };
    const passing = (p: TypePoints) => [...allIds(p, compileFilter(p.facets, filters))];
    expect(passing(read)).toEqual(passing(points));
    expect(passing(read).length).toBeGreaterThan(100);
  });

  it('reads an empty type', async () => {
    const empty = typePoints(0);
    const read = await decodeSnapshot(fileOf(empty), { typeId: 'T1', meta: META });
    expect(read.count).toBe(0);
    expect(jsonOf(read, allIds(read)).toString()).toBe('[]');
  });

  it('refuses a file of another dataset, another type, cut short or damaged', async () => {
    const refused = async (bytes: Buffer, key = { typeId: 'T1', meta: META }) => {
      try {
        await decodeSnapshot(bytes, key);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(SnapshotRefused);
        return (error as Error).message;
      }
    };
    expect(await refused(file, { typeId: 'T1', meta: { ...META, version: 5 } })).toMatch(/another dataset/);
    expect(await refused(file, { typeId: 'T1', meta: { ...META, updatedAt: '2026-11-24T10:00:00.000Z' } })).toMatch(
      /another dataset/,
    );
    expect(await refused(file, { typeId: 'T2', meta: META })).toMatch(/another dataset/);
    expect(await refused(file.subarray(0, file.length - 100))).toMatch(/cut short/);
    expect(await refused(file.subarray(0, 20))).toMatch(/header|cut short|not a points/);
    const damaged = Buffer.from(file);
    damaged[damaged.length - 5000] = damaged[damaged.length - 5000]! ^ 0xff;
    expect(await refused(damaged)).toMatch(/checksum/);
    expect(await refused(Buffer.from('not a snapshot at all'))).toMatch(/not a points snapshot/);
  });

  it('refuses a crafted header: JSON of another shape, fields of other kinds, lengths that do not match', async () => {
    const refusal = async (bytes: Buffer) => {
      const error = await decodeSnapshot(bytes, { typeId: 'T1', meta: META }).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(SnapshotRefused);
      return (error as Error).message;
    };
    // The file of the report: a header that is the JSON null.
    expect(await refusal(Buffer.from('MKNPTS01\x04\x00\x00\x00null', 'latin1'))).toMatch(/malformed header/);
    const same = (parsed: Record<string, unknown>) => JSON.stringify(parsed);
    expect(withHeader(file, same).equals(file)).toBe(true);
    const crafted: ((parsed: Record<string, unknown>) => string)[] = [
      () => 'null',
      () => '[]',
      () => '42',
      () => '"points"',
      () => '{}',
      (h) => JSON.stringify({ ...h, sections: null }),
      (h) => JSON.stringify({ ...h, sections: [] }),
      (h) => JSON.stringify({ ...h, crc32: 'x' }),
      (h) => JSON.stringify({ ...h, sections: { ...(h['sections'] as object), tree: { offset: -8, length: 8 } } }),
      (h) => JSON.stringify({ ...h, sections: { ...(h['sections'] as object), tree: { offset: 3, length: 8 } } }),
      (h) => JSON.stringify({ ...h, sections: { ...(h['sections'] as object), tree: null } }),
      (h) => JSON.stringify({ ...h, count: (h['count'] as number) + 1 }),
      (h) => JSON.stringify({ ...h, count: -1 }),
      (h) => JSON.stringify({ ...h, count: '2500' }),
      (h) => JSON.stringify({ ...h, pointsPerChunk: 0 }),
      (h) => JSON.stringify({ ...h, chunkBytes: null }),
      (h) => JSON.stringify({ ...h, chunkBytes: [1, 2, 3] }),
      (h) => JSON.stringify({ ...h, facetValues: null }),
      (h) => JSON.stringify({ ...h, facetValues: {} }),
      (h) => JSON.stringify({ ...h, typeId: null, version: META.version }),
    ];
    for (const header of crafted) expect(await refusal(withHeader(file, header))).toMatch(/malformed|lengths|another/);
  });
});

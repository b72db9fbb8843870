/**
 * A cluster index read back from its file answers every box at every zoom exactly as the index it was
 * written from (bubbles, counts, expansion zooms, single points); a file of other points, cut short or
 * damaged is refused.
 */
import { describe, expect, it } from 'vitest';
import { buildClusterIndex, clustersOf } from '../../server/clusters/clusterIndex';
import { clusteredPointsOf, decodeClusterSnapshot, encodeClusterSnapshot } from '../../server/clusters/clusterSnapshot';
import { encodeSections, SnapshotRefused } from '../../server/snapshots/sectionFile';

/** Deterministic points over Iran: dense around a few towns, sparse elsewhere. */
function pointsOverIran(count: number): Float64Array {
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const towns = [
    [51.4, 35.7],
    [59.6, 36.3],
    [52.5, 29.6],
  ];
  const coordinates = new Float64Array(count * 2);
  for (let i = 0; i < count; i++) {
    const town = towns[i % 4];
    const [lon, lat] = town
      ? [town[0]! + (random() - 0.5) * 0.3, town[1]! + (random() - 0.5) * 0.3]
      : [44 + random() * 19, 25 + random() * 14];
    coordinates[i * 2] = lon;
    coordinates[i * 2 + 1] = lat;
  }
  return coordinates;
}

const BOXES = [
  { minLon: 44, minLat: 25, maxLon: 63.5, maxLat: 39.8 },
  { minLon: 51, minLat: 35.4, maxLon: 51.8, maxLat: 36 },
  { minLon: 59.5, minLat: 36.2, maxLon: 59.7, maxLat: 36.4 },
];

const coordinates = pointsOverIran(20_000);
const points = await clusteredPointsOf(coordinates);

describe('a cluster index snapshot', () => {
  const built = buildClusterIndex(coordinates);
  const file = Buffer.concat(encodeClusterSnapshot(built, points));

  it('answers every box at every zoom as the index it was written from', async () => {
    const read = await decodeClusterSnapshot(file, points);
    for (let zoom = 4; zoom <= 18; zoom++)
      for (const box of BOXES)
        expect(clustersOf(read, box, zoom), `zoom ${zoom}`).toEqual(clustersOf(built, box, zoom));
    // A file read from an offset no typed array could start at is copied, and reads the same.
    const shifted = Buffer.concat([Buffer.alloc(3), file]).subarray(3);
    expect(clustersOf(await decodeClusterSnapshot(shifted, points), BOXES[1]!, 9)).toEqual(
      clustersOf(built, BOXES[1]!, 9),
    );
  });

  it('is refused when of other points, cut short or damaged', async () => {
    const refused = async (bytes: Buffer, of = points) => {
      try {
        await decodeClusterSnapshot(bytes, of);
        return 'used';
      } catch (error) {
        expect(error).toBeInstanceOf(SnapshotRefused);
        return (error as Error).message;
      }
    };
    const moved = new Float64Array(coordinates);
    moved[10] = moved[10]! + 0.001;
    expect(await refused(file, await clusteredPointsOf(moved))).toMatch(/of other points/);
    expect(await refused(file.subarray(0, file.length - 100))).toMatch(/cut short/);
    const damaged = Buffer.from(file);
    damaged[damaged.length - 64] = damaged[damaged.length - 64]! ^ 0xff;
    expect(await refused(damaged)).toMatch(/checksum/);
    expect(await refused(Buffer.from('not an index'))).toMatch(/not a cluster index snapshot/);
    // A header naming a zoom's tree the file does not hold.
    const hollow = Buffer.concat(
      encodeSections('MKNCLS01', { ...points, stride: 6, trees: [{ zoom: 5, sameAsAbove: false }] }, [
        ['coords', Buffer.alloc(points.count * 16)],
      ]),
    );
    expect(await refused(hollow)).toMatch(/without its tree-5 section/);
  });

  it('holds an empty type', async () => {
    const none = new Float64Array(0);
    const nothing = await clusteredPointsOf(none);
    expect(nothing.coordinatesCrc).toBe(0);
    const empty = Buffer.concat(encodeClusterSnapshot(buildClusterIndex(none), nothing));
    expect(clustersOf(await decodeClusterSnapshot(empty, nothing), BOXES[0]!, 6)).toEqual([]);
  });
});

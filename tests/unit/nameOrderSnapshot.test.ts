/** A type's name order written to a snapshot and read back (server/points/nameOrderSnapshot.ts). */
import { describe, expect, it } from 'vitest';
import { nameOrderOf } from '../../server/points/nameOrder';
import { decodeNameOrder, encodeNameOrder } from '../../server/points/nameOrderSnapshot';
import { SnapshotRefused } from '../../server/snapshots/sectionFile';

const NAMES = Array.from(
  { length: 3000 },
  (_, id) => `${['هنرستان', 'آموزشگاه', 'مرکز'][id % 3]} ${(id * 7919) % 1000}`,
);
const POINTS = { typeId: 'T1', version: 4, updatedAt: '2026-11-24T09:00:00.000Z', count: NAMES.length };

describe('name order snapshot', () => {
  const order = nameOrderOf(NAMES);
  const file = Buffer.concat(encodeNameOrder(order, POINTS));

  it('reads back the same order, and its rank', async () => {
    const read = await decodeNameOrder(file, POINTS);
    expect([...read.order]).toEqual([...order.order]);
    expect([...read.rank]).toEqual([...order.rank]);
    // Not a view of the file: the file's buffer is not kept alive by the order.
    expect(read.order.buffer.byteLength).toBe(order.order.byteLength);
  });

  it('is refused when of other points, cut short or damaged', async () => {
    const refused = async (bytes: Buffer, of = POINTS) => {
      try {
        await decodeNameOrder(bytes, of);
        return 'used';
      } catch (error) {
        expect(error).toBeInstanceOf(SnapshotRefused);
        return (error as Error).message;
      }
    };
    expect(await refused(file)).toBe('used');
    expect(await refused(file, { ...POINTS, version: 5 })).toMatch(/of other points/);
    expect(await refused(file, { ...POINTS, updatedAt: '2026-11-24T10:00:00.000Z' })).toMatch(/of other points/);
    expect(await refused(file, { ...POINTS, typeId: 'T2' })).toMatch(/of other points/);
    expect(await refused(file, { ...POINTS, count: NAMES.length + 1 })).toMatch(/of other points/);
    expect(await refused(file.subarray(0, file.length - 100))).toMatch(/cut short/);
    const damaged = Buffer.from(file);
    damaged[damaged.length - 500] = damaged[damaged.length - 500]! ^ 0xff;
    expect(await refused(damaged)).toMatch(/checksum/);
    expect(await refused(Buffer.from('not an order'))).toMatch(/not a name order snapshot/);
  });
});

/** The order of a type's names (server/points/nameOrder.ts) against sorting the names themselves. */
import { describe, expect, it } from 'vitest';
import { compareNames } from '../../domain/text';
import { firstByName, nameOrderOf } from '../../server/points/nameOrder';
import { PointTexts } from '../../server/points/PointTexts';

const NAMES = ['هنرستان ۶۸', 'آموزشگاه ب', 'هنرستان ۹', 'مرکز تهران', 'آموزشگاه ب', 'کارگاه', 'آموزشگاه الف', 'مرکز'];

/** A small deterministic generator, so a failure repeats. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('name order', () => {
  it('orders points as a stable sort of their names does, and ranks are its inverse', () => {
    const { order, rank } = nameOrderOf(NAMES);
    const expected = NAMES.map((_, id) => id).sort((a, b) => compareNames(NAMES[a]!, NAMES[b]!));
    expect([...order]).toEqual(expected);
    // Equal names keep point order: the two «آموزشگاه ب» are 1 then 4.
    expect([...order].filter((id) => NAMES[id] === 'آموزشگاه ب')).toEqual([1, 4]);
    order.forEach((id, k) => expect(rank[id]).toBe(k));
  });

  it('gives the first names of any subset, as sorting that subset does', () => {
    const next = random(7);
    const names = Array.from(
      { length: 500 },
      () => NAMES[Math.floor(next() * NAMES.length)]! + ` ${Math.floor(next() * 40)}`,
    );
    const order = nameOrderOf(names);
    // A few of the points (their ranks sorted) and many (the name order walked), up to all of them.
    for (const [limit, share] of [
      [1, 0.3],
      [10, 0.3],
      [1000, 0.3],
      [5, 0.03],
      [1000, 0.03],
      [20, 1],
    ] as const) {
      const ids = names.map((_, id) => id).filter(() => next() < share);
      const expected = [...ids].sort((a, b) => compareNames(names[a]!, names[b]!)).slice(0, limit);
      expect([...firstByName(order, Uint32Array.from(ids), limit)]).toEqual(expected);
    }
    expect([...firstByName(order, new Uint32Array(0), 5)]).toEqual([]);
  });

  it('reads the same texts from the parts another thread is sent', () => {
    const texts = new PointTexts(3);
    const all = NAMES.map((Name, i) => JSON.stringify({ Lat: 35, Long: 51 + i, Name, Guid: `g${i}` }));
    for (let i = 0; i < all.length; i += 3) texts.append(all.slice(i, i + 3));
    const copy = PointTexts.fromParts(structuredClone(texts.parts()));
    expect(Array.from({ length: copy.count }, (_, id) => copy.text(id))).toEqual(all);
  });
});

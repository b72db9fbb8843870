/**
 * `pacedPieces` (server/exporter/exportPacer.ts), through which a list's names, a type's JSON and an area's file are
 * made: its pieces cover every item once and in order, a piece made as undefined is left out, and a piece is made
 * only when the one before has been taken, so a stream made from it holds no more than the client has read.
 */
import { describe, expect, it } from 'vitest';
import { pacedPieces } from '../../server/exporter/exportPacer';

async function all<T>(pieces: AsyncIterable<T>): Promise<T[]> {
  const taken: T[] = [];
  for await (const piece of pieces) taken.push(piece);
  return taken;
}

describe('pacedPieces', () => {
  it('covers every item once, in order, for counts around the piece size', async () => {
    for (const count of [0, 1, 6, 7, 8, 13, 14, 15, 100]) {
      const pieces = await all(pacedPieces(count, 7, (start, end) => [start, end] as const));
      const covered = pieces.flatMap(([start, end]) => Array.from({ length: end - start }, (_, i) => start + i));
      expect(covered).toEqual(Array.from({ length: count }, (_, i) => i));
      expect(pieces.every(([start, end]) => end - start <= 7 && end > start)).toBe(true);
    }
  });

  it('leaves out the pieces made as undefined', async () => {
    const pieces = await all(pacedPieces(50, 10, (start) => (start % 20 === 0 ? start : undefined)));
    expect(pieces).toEqual([0, 20, 40]);
  });

  it('makes a piece only when it is asked for', async () => {
    const made: number[] = [];
    const pieces = pacedPieces(1_000, 100, (start) => made.push(start));
    const iterator = pieces[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.next();
    expect(made).toEqual([0, 100]);
    await iterator.return(undefined);
    expect(made).toEqual([0, 100]);
  });
});

/** The statistics tab lays its cards out from the registry: full cards alone, half cards two to a row. */
import { describe, expect, it } from 'vitest';
import { cardRows, type LaidOut } from '../../src/stats/cardLayout';

const card = (id: string, width: LaidOut['width']) => ({ id, width });

describe('the statistics cards in rows', () => {
  it('pair half cards in order, never more than two to a row, and never across a full one', () => {
    const rows = cardRows([
      card('column', 'full'),
      card('a', 'half'),
      card('b', 'half'),
      card('c', 'half'),
      card('d', 'full'),
      card('e', 'half'),
      card('f', 'full'),
    ]);
    expect(rows.map((row) => row.map((c) => c.id))).toEqual([['column'], ['a', 'b'], ['c'], ['d'], ['e'], ['f']]);
  });
});

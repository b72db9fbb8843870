/** A drawn area in the address: written to about a metre, read back, and a ring the server would refuse ignored. */
import { describe, expect, it } from 'vitest';
import { paramOfRing, ringOfSearch } from '../../src/url/drawnArea';

const SQUARE: [number, number][] = [
  [51.123456, 35.1],
  [52, 35],
  [52, 36],
  [51, 36],
];

describe('a drawn area in the address', () => {
  it('is written to five decimals and read back', () => {
    const text = paramOfRing(SQUARE);
    expect(text).toBe('51.12346,35.1;52,35;52,36;51,36');
    expect(ringOfSearch(`?z=6&area=${encodeURIComponent(text)}`)).toEqual([[51.12346, 35.1], ...SQUARE.slice(1)]);
  });

  it.each([
    ['no area', '?z=6'],
    ['two corners', '?area=51,35;52,35'],
    ['a crossing ring', '?area=51,35;52,36;52,35;51,36'],
    ['words', '?area=a,b;c,d;e,f'],
    ['a latitude off the map', '?area=51,35;52,35;52,95'],
    ['three numbers a corner', '?area=51,35,1;52,35,1;52,36,1'],
  ])('names no area for %s', (_label, search) => {
    expect(ringOfSearch(search)).toBeNull();
  });
});

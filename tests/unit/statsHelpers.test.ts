import { describe, expect, it } from 'vitest';
import { BUCKETS, bucketBounds, bucketOf } from '../../src/stats/colorBuckets';
import { toCsv } from '../../src/stats/csv';

describe('map colour buckets (spec §9)', () => {
  it.each([
    [0, null],
    [undefined, null],
    [1, 0],
    [24, 0],
    [25, 1],
    [50, 1],
    [51, 2],
    [75, 2],
    [76, 3],
    [100, 3],
  ])('count %s of max 100 falls in bucket %s', (count, index) => {
    expect(bucketOf(count, 100)).toBe(index === null ? null : BUCKETS[index]);
  });

  it('legend bounds cover 1..max without gaps', () => {
    const bounds = bucketBounds(100);
    expect(bounds).toEqual([[1, 25], [26, 50], [51, 75], [76, 100]]);
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and starts with a BOM', () => {
    expect(toCsv(['استان', 'تعداد'], [['تهران', 1200], ['a,"b"', 3]])).toBe('\uFEFFاستان,تعداد\r\nتهران,1200\r\n"a,""b""",3\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { BUCKETS, bucketBounds, bucketOf } from '../../domain/colorBuckets';
import { toCsv } from '../../src/ui/csv';

describe('map colour buckets', () => {
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

  it('legend bounds of max 100 follow the same rule: 25 is yellow, so orange ends at 24', () => {
    expect(bucketBounds(100)).toEqual([
      [1, 24],
      [25, 50],
      [51, 75],
      [76, 100],
    ]);
  });

  it('every count from 1 to the maximum is coloured as the legend says, for many maxima', () => {
    for (const max of [1, 2, 3, 4, 5, 7, 8, 10, 13, 93, 100, 101, 999, 1000, 4096, 12_345]) {
      const bounds = bucketBounds(max);
      for (let count = 1; count <= max; count++) {
        const bucket = bucketOf(count, max)!;
        const range = bounds[BUCKETS.indexOf(bucket)];
        expect(range, `max ${max}, count ${count}`).not.toBeNull();
        expect(count >= range![0] && count <= range![1], `max ${max}, count ${count} in ${JSON.stringify(range)}`).toBe(
          true,
        );
      }
      // The legend's ranges are disjoint and cover 1..max.
      const covered = bounds.filter((r) => r !== null).reduce((sum, r) => sum + (r![1] - r![0] + 1), 0);
      expect(covered, `max ${max}`).toBe(max);
    }
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and starts with a BOM', () => {
    expect(
      toCsv(
        ['استان', 'تعداد'],
        [
          ['تهران', 1200],
          ['a,"b"', 3],
        ],
      ),
    ).toBe('\uFEFFاستان,تعداد\r\nتهران,1200\r\n"a,""b""",3\r\n');
  });
});

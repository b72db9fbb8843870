/**
 * Map colour buckets: the maximum count split into quarters. Below 1/4 orange, up to 1/2 yellow,
 * up to 3/4 olive green, above that green; a zero or missing count gets no colour. One rule decides both a
 * province's colour (bucketOf) and the counts the legend shows for each colour (bucketBounds).
 */
export interface Bucket {
  color: string;
  /** Upper edge as a fraction of the maximum. */
  upTo: number;
  /** Whether a count exactly at the upper edge belongs to this bucket ("up to") or the next ("below"). */
  inclusive: boolean;
}

export const BUCKETS: readonly Bucket[] = [
  { color: '#f08c00', upTo: 0.25, inclusive: false },
  { color: '#fcc419', upTo: 0.5, inclusive: true },
  { color: '#8f9a3a', upTo: 0.75, inclusive: true },
  { color: '#2b8a3e', upTo: 1, inclusive: true },
];

export const NO_DATA_COLOR = '#ffffff';

const within = (count: number, max: number, bucket: Bucket) =>
  bucket.inclusive ? count <= max * bucket.upTo : count < max * bucket.upTo;

export function bucketOf(count: number | undefined, max: number): Bucket | null {
  if (!count || count <= 0 || max <= 0) return null;
  return BUCKETS.find((bucket) => within(count, max, bucket)) ?? BUCKETS[BUCKETS.length - 1]!;
}

/** The largest whole count that falls in this bucket or an earlier one. */
function highestCount(max: number, bucket: Bucket): number {
  const edge = max * bucket.upTo;
  return bucket.inclusive ? Math.floor(edge) : Math.ceil(edge) - 1;
}

/** The whole counts [from, to] of each bucket, for the legend; a bucket no count can fall in is null. */
export function bucketBounds(max: number): ([number, number] | null)[] {
  let from = 1;
  return BUCKETS.map((bucket) => {
    const to = Math.min(max, highestCount(max, bucket));
    const range: [number, number] | null = to >= from ? [from, to] : null;
    from = Math.max(from, to + 1);
    return range;
  });
}

/** The value ranges of each bucket when the values are rates (not whole): from the last edge to this one. */
export function rateBucketBounds(max: number): ([number, number] | null)[] {
  if (max <= 0) return BUCKETS.map(() => null);
  return BUCKETS.map((bucket, i) => [i === 0 ? 0 : max * BUCKETS[i - 1]!.upTo, max * bucket.upTo]);
}

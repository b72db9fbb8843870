/**
 * Spec §9 map colour buckets: the maximum count split into quarters. Below 1/4 orange, up to 1/2 yellow,
 * up to 3/4 olive green, above that green; a zero or missing count gets no colour.
 */
export interface Bucket {
  color: string;
  /** Persian legend text. */
  label: string;
  /** Upper bound as a fraction of the maximum (inclusive except for the first bucket). */
  upTo: number;
}

export const BUCKETS: readonly Bucket[] = [
  { color: '#f08c00', label: 'کمتر از یک‌چهارم بیشینه', upTo: 0.25 },
  { color: '#fcc419', label: 'تا نیمه بیشینه', upTo: 0.5 },
  { color: '#8f9a3a', label: 'تا سه‌چهارم بیشینه', upTo: 0.75 },
  { color: '#2b8a3e', label: 'بیش از سه‌چهارم بیشینه', upTo: 1 },
];

export const NO_DATA_COLOR = '#ffffff';

export function bucketOf(count: number | undefined, max: number): Bucket | null {
  if (!count || count <= 0 || max <= 0) return null;
  const ratio = count / max;
  if (ratio < 0.25) return BUCKETS[0]!;
  if (ratio <= 0.5) return BUCKETS[1]!;
  if (ratio <= 0.75) return BUCKETS[2]!;
  return BUCKETS[3]!;
}

/** The count bounds of each bucket, for the legend ("0 – 250" ...). */
export function bucketBounds(max: number): [number, number][] {
  return BUCKETS.map((bucket, i) => [i === 0 ? 1 : Math.floor(max * BUCKETS[i - 1]!.upTo) + 1, Math.floor(max * bucket.upTo)]);
}

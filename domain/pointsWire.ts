/**
 * Makan's compact form of a LazyLoad answer, beyond the gateway: the same call asked with
 * `Accept: application/vnd.makan.points` answers every location in the box (no row cap) as 12 bytes a point
 * instead of about 150 in JSON. Names and Guids come on demand through the labels call, by point id.
 *
 * Layout (little-endian, every section aligned for a zero-copy typed-array view):
 *   0  'MKP1'             magic
 *   4  uint32 count       points that follow
 *   8  uint32 version     the dataset version the ids belong to
 *  12  uint32 reserved    0
 *  16  float32[count * 2] longitude, latitude of each point
 *  ..  uint32[count]      each point's id (its index in the server's list of that type at that version)
 */
import type { MapLocation } from './gateway';
import type { LabelledLocation } from './wire/answers';

export const POINTS_MEDIA_TYPE = 'application/vnd.makan.points';
const MAGIC = 0x3150_4b4d; // 'MKP1' read as a little-endian uint32
const HEADER_BYTES = 16;

/** Labels asked in one call at most (the marker list asks in batches of this size). */
export const LABELS_MAX = 5_000;
/** A point's label as our labels call answers it: the gateway's fields, and whom the location admits. */
export type PointLabel = MapLocation & Partial<Pick<LabelledLocation, 'Gender'>>;
/** Our labels call answers 409 with this error when the ids belong to an older dataset version. */
export const STALE_POINTS_ERROR = 'stale_points';

/** Decoded points, ready to feed deck.gl's attributes: no JavaScript object per point. */
export interface PointSet {
  count: number;
  /** longitude, latitude interleaved */
  positions: Float32Array;
  /** Server ids, for the labels call (or indexes into `labels`). */
  ids: Uint32Array;
  /** The dataset version the ids belong to; null when the labels came with the points (`labels`). */
  version: number | null;
  /** Names and Guids when the answer was JSON (the gateway, fixed types): index i is point i. */
  labels: PointLabel[] | null;
  /** The server cut the answer at its row cap (the gateway's JSON only). */
  truncated: boolean;
}

export const EMPTY_POINTS: PointSet = {
  count: 0,
  positions: new Float32Array(0),
  ids: new Uint32Array(0),
  version: null,
  labels: [],
  truncated: false,
};

export function encodedPointsSize(count: number): number {
  return HEADER_BYTES + count * 12;
}

/**
 * Writes the points `picked` (indexes into `coordinates`, longitude then latitude as float64 pairs) into
 * `target` (at least `encodedPointsSize(picked.length)` bytes, 4-byte aligned).
 */
export function encodePoints(
  target: Uint8Array,
  coordinates: Float64Array,
  picked: Uint32Array,
  version: number,
): void {
  const count = picked.length;
  const header = new Uint32Array(target.buffer, target.byteOffset, 4);
  header[0] = MAGIC;
  header[1] = count;
  header[2] = version;
  header[3] = 0;
  const positions = new Float32Array(target.buffer, target.byteOffset + HEADER_BYTES, count * 2);
  const ids = new Uint32Array(target.buffer, target.byteOffset + HEADER_BYTES + count * 8, count);
  for (let i = 0; i < count; i++) {
    const id = picked[i]!;
    positions[i * 2] = coordinates[id * 2]!;
    positions[i * 2 + 1] = coordinates[id * 2 + 1]!;
    ids[i] = id;
  }
}

export class PointsFormatError extends Error {}

/** Views over `buffer` (no copy); throws PointsFormatError when it is not a whole answer of this format. */
export function decodePoints(buffer: ArrayBuffer): PointSet {
  if (buffer.byteLength < HEADER_BYTES) throw new PointsFormatError('points answer shorter than its header');
  const [magic, count, version] = new Uint32Array(buffer, 0, 3) as unknown as [number, number, number];
  if (magic !== MAGIC) throw new PointsFormatError('not a points answer');
  if (buffer.byteLength !== encodedPointsSize(count))
    throw new PointsFormatError(`points answer of ${buffer.byteLength} bytes for ${count} points`);
  return {
    count,
    positions: new Float32Array(buffer, HEADER_BYTES, count * 2),
    ids: new Uint32Array(buffer, HEADER_BYTES + count * 8, count),
    version,
    labels: null,
    truncated: false,
  };
}

/** The JSON answer (the gateway's, or any fixed type's) in the same form, names kept beside it. */
export function pointsOfLocations(locations: PointLabel[], truncated: boolean): PointSet {
  const count = locations.length;
  const positions = new Float32Array(count * 2);
  const ids = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    positions[i * 2] = locations[i]!.Long;
    positions[i * 2 + 1] = locations[i]!.Lat;
    ids[i] = i;
  }
  return { count, positions, ids, version: null, labels: locations, truncated };
}

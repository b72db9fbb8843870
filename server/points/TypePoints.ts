/**
 * One location type held in memory for the map's calls: positions in a k-d tree, and each location's
 * gateway JSON encoded once (PointTexts), so an answer is copied bytes, not rows joined and serialised per
 * request. A point's id is its index here; ids hold for one dataset version.
 */
import { Readable } from 'node:stream';
import KDBush from 'kdbush';
import { encodePoints, encodedPointsSize } from '../../domain/pointsWire';
import type { MapLocation } from '../../domain/gateway';
import type { Box } from '../store/LocationStore';
import { keepPassing, type PointFacets, type PointFilter } from './PointFacets';
import type { PointTexts } from './PointTexts';
import { pacedPieces } from '../exporter/exportPacer';

export interface TypePoints {
  typeId: string;
  /** The dataset these points were read from: its version and time of change (what a snapshot is of). */
  version: number;
  updatedAt: string;
  count: number;
  /** longitude, latitude of point i at 2i, 2i + 1 */
  coordinates: Float64Array;
  tree: KDBush;
  texts: PointTexts;
  /** Each point's province and filter values. */
  facets: PointFacets;
}

/** Ids of the points inside the box (edges included) that pass the filter, ascending. */
export function idsInBox(points: TypePoints, box: Box, filter: PointFilter = null): Uint32Array {
  if (points.count === 0) return new Uint32Array(0);
  const ids = keepPassing(Uint32Array.from(points.tree.range(box.minLon, box.minLat, box.maxLon, box.maxLat)), filter);
  return ascending(ids, points.count);
}

/** Above this share of a type's points, ids are put in order by a walk over the type rather than sorted. */
const SORTED_SHARE = 1 / 16;

/**
 * Distinct ids of `count` points in ascending order, in place: a sort of a few, or for many a mark per point and a
 * walk over them (a box of a third of a million academies: the sort held the event loop ~25 ms, the walk ~2 ms).
 */
export function ascending(ids: Uint32Array, count: number): Uint32Array {
  if (ids.length <= count * SORTED_SHARE) return ids.sort();
  const marked = new Uint8Array(count);
  for (let i = 0; i < ids.length; i++) marked[ids[i]!] = 1;
  for (let id = 0, at = 0; at < ids.length; id++) if (marked[id] === 1) ids[at++] = id;
  return ids;
}

export function allIds(points: TypePoints, filter: PointFilter = null): Uint32Array {
  const ids = new Uint32Array(points.count);
  for (let i = 0; i < ids.length; i++) ids[i] = i;
  return keepPassing(ids, filter);
}

/** Longitude, latitude pairs of these points. */
export function coordinatesOf(points: TypePoints, ids: Uint32Array): Float64Array<ArrayBuffer> {
  const out = new Float64Array(ids.length * 2);
  for (let i = 0; i < ids.length; i++) {
    out[2 * i] = points.coordinates[2 * ids[i]!]!;
    out[2 * i + 1] = points.coordinates[2 * ids[i]! + 1]!;
  }
  return out;
}

/**
 * The gateway's JSON array of these points, in this order; with `tailOf`, each point's closing brace gives way
 * to the bytes it returns (more fields and the brace). Copied bytes, never objects serialised per request.
 */
export function jsonOf(
  points: TypePoints,
  ids: ArrayLike<number>,
  tailOf: ((id: number) => Buffer) | null = null,
): Buffer {
  const { texts } = points;
  let size = 2 + Math.max(0, ids.length - 1);
  for (let i = 0; i < ids.length; i++) size += texts.byteLength(ids[i]!) + (tailOf ? tailOf(ids[i]!).length - 1 : 0);
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  out[at++] = 0x5b; // [
  for (let i = 0; i < ids.length; i++) {
    if (i > 0) out[at++] = 0x2c; // ,
    at += texts.copy(ids[i]!, out, at);
    if (tailOf) at += tailOf(ids[i]!).copy(out, at - 1) - 1;
  }
  out[at] = 0x5d; // ]
  return out;
}

/** Points a piece of a streamed answer holds: some 150 KB of JSON, copied in a fraction of a millisecond. */
export const POINTS_PER_PIECE = 500;

/**
 * The same JSON as `jsonOf`, for an answer of any size: up to a piece's worth as one buffer, beyond it a piece at a
 * time as the client reads it, each piece made within the bulk work's budget (exporter/exportPacer.ts). A whole
 * type's answer was one buffer made at once: at 1M locations Academy's 51 MB held every other request of the
 * process 235 to 322 ms (now 9 to 18), and ten clients asking for it at once took 1.0 GB more (now none).
 */
export function jsonAnswerOf(points: TypePoints, ids: Uint32Array): Buffer | Readable {
  if (ids.length <= POINTS_PER_PIECE) return jsonOf(points, ids);
  const { texts } = points;
  const pieces = pacedPieces(ids.length, POINTS_PER_PIECE, (start, end) => {
    // Each piece opens with the array's bracket or the comma before its first point; the last closes the array.
    let size = end - start + (end === ids.length ? 1 : 0);
    for (let i = start; i < end; i++) size += texts.byteLength(ids[i]!);
    const piece = Buffer.allocUnsafe(size);
    let at = 0;
    for (let i = start; i < end; i++) {
      piece[at++] = i === 0 ? 0x5b : 0x2c; // [ or ,
      at += texts.copy(ids[i]!, piece, at);
    }
    if (end === ids.length) piece[at] = 0x5d; // ]
    return piece;
  });
  return Readable.from(pieces, { objectMode: false });
}

/** Our labels call's JSON: each point's gateway fields and whom the location admits (a list row says it). */
export function labelsJsonOf(points: TypePoints, ids: ArrayLike<number>): Buffer {
  const gender = points.facets.columns.gender;
  const tails = gender.values.map((value) => Buffer.from(`,"Gender":${JSON.stringify(value)}}`));
  const noGender = Buffer.from(`,"Gender":""}`);
  return jsonOf(points, ids, (id) => tails[gender.codes[id]!] ?? noGender);
}

/** The compact form (domain/pointsWire.ts) of these points. */
export function binaryOf(points: TypePoints, ids: Uint32Array): Buffer {
  const out = Buffer.alloc(encodedPointsSize(ids.length));
  encodePoints(out, points.coordinates, ids, points.version);
  return out;
}

/** One point as the gateway spells it (for the few a nearest query picks). */
export function locationOf(points: TypePoints, id: number): MapLocation {
  return JSON.parse(points.texts.text(id)) as MapLocation;
}

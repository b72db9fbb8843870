/**
 * A type's in-memory points (TypePoints) as one file, so a process that starts on a dataset another process
 * has already read loads them in a fraction of a second instead of reading every row again and rebuilding
 * the k-d tree. The file names the dataset it was made from (version, time of change, count of locations)
 * and carries a CRC-32 of its body: a file of another dataset, cut short or damaged is refused, never used.
 *
 * The file is a section file (snapshots/sectionFile.ts) whose kind is "MKNPTS01".
 */
import KDBush from 'kdbush';
import type { DatasetMeta } from '../../domain/gateway';
import { FACETS, foldFacet, type FacetKey } from '../../domain/filters';
import {
  bytesOf,
  decodeSections,
  encodeSections,
  ownBuffer,
  SnapshotRefused,
  type SectionFile,
} from '../snapshots/sectionFile';
import type { PointFacets } from './PointFacets';
import { PointTexts } from './PointTexts';
import type { TypePoints } from './TypePoints';

export { SnapshotRefused } from '../snapshots/sectionFile';

const KIND = { magic: 'MKNPTS01', name: 'points' };

/** What a snapshot is of: one type of one dataset. */
export interface SnapshotKey {
  typeId: string;
  meta: DatasetMeta;
}

interface Header {
  typeId: string;
  version: number;
  updatedAt: string;
  locations: number;
  count: number;
  pointsPerChunk: number;
  /** Bytes of each chunk of texts, in order. */
  chunkBytes: number[];
  facetValues: Record<FacetKey, string[]>;
}

/** The file's bytes, as buffers to write one after the other. */
export function encodeSnapshot(points: TypePoints, meta: DatasetMeta): Buffer[] {
  const parts = points.texts.parts();
  const header: Header = {
    typeId: points.typeId,
    version: meta.version,
    updatedAt: meta.updatedAt,
    locations: meta.locations,
    count: points.count,
    pointsPerChunk: parts.pointsPerChunk,
    chunkBytes: parts.chunks.map((chunk) => chunk.byteLength),
    facetValues: Object.fromEntries(
      FACETS.map(({ key }) => [key, points.facets.columns[key].values]),
    ) as Header['facetValues'],
  };
  return encodeSections(KIND.magic, header, [
    ['coordinates', bytesOf(points.coordinates)],
    ['tree', Buffer.from(points.tree.data)],
    ['starts', bytesOf(parts.starts.subarray(0, parts.count))],
    ['texts', Buffer.concat(parts.chunks)],
    ['province', bytesOf(points.facets.province)],
    ...FACETS.map(({ key }) => [key, bytesOf(points.facets.columns[key].codes)] as [string, Buffer]),
  ]);
}

/** The points a snapshot holds, if it is whole and of this type and dataset; throws SnapshotRefused otherwise. */
export async function decodeSnapshot(file: Buffer, { typeId, meta }: SnapshotKey): Promise<TypePoints> {
  return pointsOf(
    await decodeSections<Header>(file, KIND, (header) => {
      if (header.typeId !== typeId || header.version !== meta.version || header.updatedAt !== meta.updatedAt)
        throw new SnapshotRefused(`of another dataset (version ${header.version}, not ${meta.version})`);
    }),
  );
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The header's own fields are of their kinds (it is not under the checksum). */
function checkHeader(header: Header): void {
  const { typeId, version, updatedAt, count, pointsPerChunk, chunkBytes, facetValues } = header;
  const wellFormed =
    typeof typeId === 'string' &&
    isCount(version) &&
    typeof updatedAt === 'string' &&
    isCount(count) &&
    isCount(pointsPerChunk) &&
    pointsPerChunk > 0 &&
    Array.isArray(chunkBytes) &&
    chunkBytes.every(isCount) &&
    typeof facetValues === 'object' &&
    facetValues !== null &&
    FACETS.every(({ key }) => Array.isArray(facetValues[key]) && facetValues[key].every((v) => typeof v === 'string'));
  if (!wellFormed) throw new SnapshotRefused('a malformed header');
}

/** Every section holds one entry per point (the texts: the chunks the header lists). */
function checkLengths(points: TypePoints, textBytes: number, chunkBytes: number[]): void {
  const { count, coordinates, facets } = points;
  const whole =
    coordinates.length === 2 * count &&
    facets.province.length === count &&
    FACETS.every(({ key }) => facets.columns[key].codes.length === count) &&
    chunkBytes.reduce((sum, length) => sum + length, 0) === textBytes &&
    points.tree.numItems === count;
  if (!whole) throw new SnapshotRefused('sections of other lengths than its header says');
}

function pointsOf(file: SectionFile<Header>): TypePoints {
  checkHeader(file.header);
  const points = readPoints(file);
  checkLengths(points, file.bytes('texts').length, file.header.chunkBytes);
  return points;
}

function readPoints({ header, bytes, view }: SectionFile<Header>): TypePoints {
  const coordinates = view('coordinates', (b, s, n) => new Float64Array(b, s, n), 8);
  const tree = KDBush.from(ownBuffer(bytes('tree')));
  const starts = view('starts', (b, s, n) => new Uint32Array(b, s, n), 4);
  const textBytes = bytes('texts');
  const chunks: Uint8Array[] = [];
  let at = textBytes.start;
  for (const length of header.chunkBytes) {
    chunks.push(new Uint8Array(textBytes.buffer, at, length));
    at += length;
  }
  const texts = PointTexts.fromParts({ pointsPerChunk: header.pointsPerChunk, count: header.count, chunks, starts });
  const facets: PointFacets = {
    province: view('province', (b, s, n) => new Uint8Array(b, s, n), 1),
    columns: Object.fromEntries(
      FACETS.map(({ key }) => {
        const values = header.facetValues[key];
        return [
          key,
          {
            codes: view(key, (b, s, n) => new Uint16Array(b, s, n), 2),
            values,
            codeOf: new Map(values.map((value, code) => [foldFacet(value), code])),
          },
        ];
      }),
    ) as PointFacets['columns'],
  };
  return {
    typeId: header.typeId,
    version: header.version,
    updatedAt: header.updatedAt,
    count: header.count,
    coordinates,
    tree,
    texts,
    facets,
  };
}

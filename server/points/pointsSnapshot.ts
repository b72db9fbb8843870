/**
 * A type's in-memory points (TypePoints) as one file, so a process that starts on a dataset another process
 * has already read loads them in a fraction of a second instead of reading every row again and rebuilding
 * the k-d tree. The file names the dataset it was made from (version, time of change, count of locations)
 * and carries a CRC-32 of its body: a file of another dataset, cut short or damaged is refused, never used.
 *
 * Layout: "MKNPTS01", the header's length (u32, little-endian), the header (JSON), then the arrays, each
 * starting at a multiple of 8 bytes so they are read in place as typed arrays.
 */
import { crc32 } from 'node:zlib';
import KDBush from 'kdbush';
import type { DatasetMeta } from '../../domain/gateway';
import { FACETS, foldFacet, type FacetKey } from '../../domain/filters';
import type { PointFacets } from './PointFacets';
import { PointTexts } from './PointTexts';
import type { TypePoints } from './TypePoints';

const MAGIC = Buffer.from('MKNPTS01', 'ascii');
const ALIGN = 8;

/** What a snapshot is of: one type of one dataset. */
export interface SnapshotKey {
  typeId: string;
  meta: DatasetMeta;
}

interface Section {
  offset: number;
  length: number;
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
  sections: Record<SectionName, Section>;
  crc32: number;
}

type SectionName = 'coordinates' | 'tree' | 'starts' | 'texts' | 'province' | FacetKey;

const padding = (length: number) => (ALIGN - (length % ALIGN)) % ALIGN;

const bytesOf = (view: ArrayBufferView) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);

/** The file's bytes, as buffers to write one after the other. */
export function encodeSnapshot(points: TypePoints, meta: DatasetMeta): Buffer[] {
  const parts = points.texts.parts();
  const arrays: [SectionName, Buffer][] = [
    ['coordinates', bytesOf(points.coordinates)],
    ['tree', Buffer.from(points.tree.data)],
    ['starts', bytesOf(parts.starts.subarray(0, parts.count))],
    ['texts', Buffer.concat(parts.chunks)],
    ['province', bytesOf(points.facets.province)],
    ...FACETS.map(({ key }) => [key, bytesOf(points.facets.columns[key].codes)] as [SectionName, Buffer]),
  ];
  const body: Buffer[] = [];
  const sections = {} as Record<SectionName, Section>;
  let offset = 0;
  for (const [name, bytes] of arrays) {
    sections[name] = { offset, length: bytes.length };
    body.push(bytes, Buffer.alloc(padding(bytes.length)));
    offset += bytes.length + padding(bytes.length);
  }
  let checksum = 0;
  // Empty parts are skipped: Node's crc32 answers 0, not the running value, for a view of an empty buffer.
  for (const part of body) if (part.length > 0) checksum = crc32(part, checksum);
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
    sections,
    crc32: checksum,
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  // The body starts aligned too, so every section's offset in the file stays a multiple of 8.
  const head = Buffer.concat([MAGIC, length, json]);
  return [head, Buffer.alloc(padding(head.length)), ...body];
}

/** Why a file was not used. */
export class SnapshotRefused extends Error {}

/** The points a snapshot holds, if it is whole and of this type and dataset; throws SnapshotRefused otherwise. */
export function decodeSnapshot(file: Buffer, { typeId, meta }: SnapshotKey): TypePoints {
  if (file.length < MAGIC.length + 4 || !file.subarray(0, MAGIC.length).equals(MAGIC))
    throw new SnapshotRefused('not a points snapshot');
  const headerLength = file.readUInt32LE(MAGIC.length);
  const headEnd = MAGIC.length + 4 + headerLength;
  if (headEnd > file.length) throw new SnapshotRefused('cut short in its header');
  let header: Header;
  try {
    header = JSON.parse(file.toString('utf8', MAGIC.length + 4, headEnd)) as Header;
  } catch {
    throw new SnapshotRefused('a damaged header');
  }
  if (header.typeId !== typeId || header.version !== meta.version || header.updatedAt !== meta.updatedAt)
    throw new SnapshotRefused(`of another dataset (version ${header.version}, not ${meta.version})`);
  const bodyStart = headEnd + padding(headEnd);
  const body = file.subarray(bodyStart);
  const last = Object.values(header.sections).reduce((end, s) => Math.max(end, s.offset + s.length), 0);
  if (last > body.length) throw new SnapshotRefused('cut short');
  if (crc32(body) !== header.crc32) throw new SnapshotRefused('damaged (its checksum differs)');
  return pointsOf(file, bodyStart, header);
}

function pointsOf(file: Buffer, bodyStart: number, header: Header): TypePoints {
  // Typed arrays are read in place where the file's buffer allows it (it is 8-aligned when read whole).
  const aligned = (file.byteOffset + bodyStart) % ALIGN === 0;
  const bytes = ({ offset, length }: Section) => {
    const start = file.byteOffset + bodyStart + offset;
    return aligned
      ? { buffer: file.buffer, start, length }
      : { buffer: file.buffer.slice(start, start + length), start: 0, length };
  };
  const view = <T>(section: Section, make: (buffer: ArrayBuffer, start: number, count: number) => T, size: number) => {
    const { buffer, start, length } = bytes(section);
    return make(buffer as ArrayBuffer, start, length / size);
  };
  const { sections } = header;
  const coordinates = view(sections.coordinates, (b, s, n) => new Float64Array(b, s, n), 8);
  const treeSection = bytes(sections.tree);
  const tree = KDBush.from(
    (treeSection.buffer as ArrayBuffer).slice(treeSection.start, treeSection.start + treeSection.length),
  );
  const starts = view(sections.starts, (b, s, n) => new Uint32Array(b, s, n), 4);
  const textBytes = bytes(sections.texts);
  const chunks: Uint8Array[] = [];
  let at = textBytes.start;
  for (const length of header.chunkBytes) {
    chunks.push(new Uint8Array(textBytes.buffer, at, length));
    at += length;
  }
  const texts = PointTexts.fromParts({ pointsPerChunk: header.pointsPerChunk, count: header.count, chunks, starts });
  const facets: PointFacets = {
    province: view(sections.province, (b, s, n) => new Uint8Array(b, s, n), 1),
    columns: Object.fromEntries(
      FACETS.map(({ key }) => {
        const values = header.facetValues[key];
        return [
          key,
          {
            codes: view(sections[key], (b, s, n) => new Uint16Array(b, s, n), 2),
            values,
            codeOf: new Map(values.map((value, code) => [foldFacet(value), code])),
          },
        ];
      }),
    ) as PointFacets['columns'],
  };
  return { typeId: header.typeId, version: header.version, count: header.count, coordinates, tree, texts, facets };
}

/**
 * A small PMTiles (version 3) writer, for the basemap fixtures the tests make: every tile in one root
 * directory (enough for a few thousand tiles), nothing compressed, tiles in tile-id order. The layout is
 * the format's own (github.com/protomaps/PMTiles, spec/v3): a 127-byte header, the root directory, the
 * metadata JSON, then the tile data. Tile ids come from the `pmtiles` reader, so writer and reader agree.
 */
import { zxyToTileId } from 'pmtiles';

export interface Tile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

export interface ArchiveDescription {
  /** 1: Mapbox Vector Tile. */
  tileType: number;
  bounds: { west: number; south: number; east: number; north: number };
  center: { lon: number; lat: number; zoom: number };
  metadata: Record<string, unknown>;
}

const HEADER_BYTES = 127;
const ROOT_LIMIT = 16_384 - HEADER_BYTES;
const NONE = 1;

function varints(values: number[]): number[] {
  const bytes: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      bytes.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    bytes.push(value);
  }
  return bytes;
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
}

/** The directory's columns: count, tile-id deltas, run lengths, lengths, then offsets (0: right after the last). */
function directory(entries: Entry[]): Uint8Array {
  const values = [entries.length];
  let last = 0;
  for (const e of entries) {
    values.push(e.tileId - last);
    last = e.tileId;
  }
  for (let i = 0; i < entries.length; i++) values.push(1);
  for (const e of entries) values.push(e.length);
  entries.forEach((e, i) => {
    const previous = entries[i - 1];
    values.push(previous && e.offset === previous.offset + previous.length ? 0 : e.offset + 1);
  });
  return Uint8Array.from(varints(values));
}

export function pmtilesArchive(tiles: Tile[], description: ArchiveDescription): Buffer {
  const sorted = tiles
    .map((tile) => ({ tile, tileId: zxyToTileId(tile.z, tile.x, tile.y) }))
    .sort((a, b) => a.tileId - b.tileId);
  let offset = 0;
  const entries = sorted.map(({ tile, tileId }) => {
    const entry = { tileId, offset, length: tile.data.length };
    offset += tile.data.length;
    return entry;
  });
  const root = directory(entries);
  if (root.length > ROOT_LIMIT) throw new Error(`${tiles.length} tiles need leaf directories, which this writer lacks`);
  const metadata = Buffer.from(JSON.stringify(description.metadata));
  const zooms = tiles.map((t) => t.z);

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'latin1');
  header[7] = 3;
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  const e7 = (at: number, degrees: number) => header.writeInt32LE(Math.round(degrees * 1e7), at);
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const dataOffset = metadataOffset + metadata.length;
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, dataOffset); // no leaf directories: an empty section where the data starts
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, offset);
  u64(72, tiles.length); // addressed tiles
  u64(80, tiles.length); // tile entries
  u64(88, tiles.length); // tile contents
  header[96] = 1; // clustered: tiles in tile-id order
  header[97] = NONE; // directories and metadata
  header[98] = NONE; // tiles
  header[99] = description.tileType;
  header[100] = Math.min(...zooms);
  header[101] = Math.max(...zooms);
  e7(102, description.bounds.west);
  e7(106, description.bounds.south);
  e7(110, description.bounds.east);
  e7(114, description.bounds.north);
  header[118] = description.center.zoom;
  e7(119, description.center.lon);
  e7(123, description.center.lat);
  return Buffer.concat([header, root, metadata, ...sorted.map(({ tile }) => tile.data)]);
}

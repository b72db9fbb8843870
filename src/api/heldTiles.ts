/**
 * Tiles of points a page has read, by address, up to a number of bytes: the least recently used go first past
 * it. A tile's address names its dataset version, so a tile held is never stale; another version's tiles are
 * only never asked for again, and age out.
 */
import type { PointSet } from '../../domain/pointsWire';

const bytesOf = (points: PointSet) => points.positions.byteLength + points.ids.byteLength;

export class HeldTiles {
  /** In order of last use, the oldest first (a Map keeps insertion order; a use moves a tile to the end). */
  private readonly tiles = new Map<string, PointSet>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The first of these addresses held (a tile, then the tiles above it), marked as just used. */
  find(addresses: readonly string[]): PointSet | null {
    for (const address of addresses) {
      const tile = this.tiles.get(address);
      if (!tile) continue;
      this.tiles.delete(address);
      this.tiles.set(address, tile);
      return tile;
    }
    return null;
  }

  keep(address: string, tile: PointSet): void {
    const before = this.tiles.get(address);
    if (before) this.bytes -= bytesOf(before);
    this.tiles.delete(address);
    this.tiles.set(address, tile);
    this.bytes += bytesOf(tile);
    for (const [oldest, points] of this.tiles) {
      if (this.bytes <= this.maxBytes || oldest === address) break;
      this.tiles.delete(oldest);
      this.bytes -= bytesOf(points);
    }
  }

  get heldBytes(): number {
    return this.bytes;
  }

  get size(): number {
    return this.tiles.size;
  }
}

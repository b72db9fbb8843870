/**
 * A type's name order (nameOrder.ts) as one file, so a process that starts on a dataset another process has
 * already ordered reads it instead of decoding and collating every name again (seconds at a million points,
 * on a core the requests share). The file names the points it was made from (type, dataset version and time
 * of change, count) and only the order is kept: the rank, its inverse, is one pass to rebuild.
 *
 * The file is a section file (snapshots/sectionFile.ts) whose kind is "MKNORD01".
 */
import { bytesOf, decodeSections, encodeSections, SnapshotRefused } from '../snapshots/sectionFile';
import { rankOf, type NameOrder } from './nameOrder';
import type { TypePoints } from './TypePoints';

const KIND = { magic: 'MKNORD01', name: 'name order' };

/** Which points an order is of. */
type OrderedPoints = Pick<TypePoints, 'typeId' | 'version' | 'updatedAt' | 'count'>;

type Header = OrderedPoints;

const headerOf = ({ typeId, version, updatedAt, count }: OrderedPoints): Header => ({
  typeId,
  version,
  updatedAt,
  count,
});

export function encodeNameOrder({ order }: NameOrder, points: OrderedPoints): Buffer[] {
  return encodeSections(KIND.magic, headerOf(points), [['order', bytesOf(order)]]);
}

/** The order a file holds, if it is whole and of exactly these points; throws SnapshotRefused otherwise. */
export async function decodeNameOrder(file: Buffer, points: OrderedPoints): Promise<NameOrder> {
  const { bytes } = await decodeSections<Header>(file, KIND, (header) => {
    const expected = headerOf(points);
    if (JSON.stringify(headerOf(header)) !== JSON.stringify(expected))
      throw new SnapshotRefused(`of other points (version ${header.version}, not ${points.version})`);
  });
  const { buffer, start, length } = bytes('order');
  if (length !== points.count * Uint32Array.BYTES_PER_ELEMENT) throw new SnapshotRefused('of another length');
  // The order is copied out of the file's buffer, so the rest of the file is not kept alive with it.
  const order = new Uint32Array(buffer.slice(start, start + length));
  return { order, rank: rankOf(order) };
}

/**
 * The file format of the snapshots a process keeps of what it built (points, cluster indexes): a magic of
 * 8 bytes naming the kind, the header's length (u32, little-endian), the header (JSON, with each section's
 * place and a CRC-32 of the body), then the sections, each starting at a multiple of 8 bytes so typed
 * arrays are read in place. A file cut short, damaged or of another kind is refused, never used.
 */
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { crc32 } from 'node:zlib';

const ALIGN = 8;
/**
 * A body's checksum is computed this many bytes at a time, yielding between them: a file of a million
 * points takes a tenth of a second to check, which the requests arriving meanwhile need not wait for.
 */
const CHECK_BYTES = 4 * 1024 * 1024;

export interface Section {
  offset: number;
  length: number;
}

/** What every snapshot header carries besides its own fields. */
export interface SectionHeader {
  sections: Record<string, Section>;
  crc32: number;
}

/** Where a type's snapshot of one kind (`points`, `clusters`, `names`) is kept in a snapshot folder. */
export function snapshotFileOf(dir: string, kind: string, typeId: string): string {
  return join(dir, `${kind}-${typeId.replace(/[^\w-]/g, '_')}.bin`);
}

/** Why a file was not used. */
export class SnapshotRefused extends Error {}

const padding = (length: number) => (ALIGN - (length % ALIGN)) % ALIGN;

/** A typed array's bytes, without copying. */
export const bytesOf = (view: ArrayBufferView) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);

/** The file's bytes, as buffers to write one after the other. */
export function encodeSections<H extends object>(magic: string, header: H, arrays: [string, Buffer][]): Buffer[] {
  const body: Buffer[] = [];
  const sections: Record<string, Section> = {};
  let offset = 0;
  for (const [name, bytes] of arrays) {
    sections[name] = { offset, length: bytes.length };
    body.push(bytes, Buffer.alloc(padding(bytes.length)));
    offset += bytes.length + padding(bytes.length);
  }
  let checksum = 0;
  // Empty parts are skipped: Node's crc32 answers 0, not the running value, for a view of an empty buffer.
  for (const part of body) if (part.length > 0) checksum = crc32(part, checksum);
  const json = Buffer.from(JSON.stringify({ ...header, sections, crc32: checksum }));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  // The body starts aligned too, so every section's offset in the file stays a multiple of 8.
  const head = Buffer.concat([Buffer.from(magic, 'ascii'), length, json]);
  return [head, Buffer.alloc(padding(head.length)), ...body];
}

/** A decoded file: its header, and each section's bytes (in place when the file's buffer allows it). */
export interface SectionFile<H> {
  header: H & SectionHeader;
  bytes(name: string): { buffer: ArrayBuffer; start: number; length: number };
  /** A section as a typed array of `size`-byte elements. */
  view<T>(name: string, make: (buffer: ArrayBuffer, start: number, count: number) => T, size: number): T;
}

const isWhole = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Whether a header parsed from a file has what every section file's has: the header is not under the
 * checksum, so a file can carry any JSON there (`null`, an array, a section at a negative offset).
 */
function isSectionHeader(header: unknown): header is SectionHeader {
  if (typeof header !== 'object' || header === null || Array.isArray(header)) return false;
  const { sections, crc32: checksum } = header as Partial<SectionHeader>;
  if (!isWhole(checksum) || checksum > 0xffffffff) return false;
  if (typeof sections !== 'object' || sections === null || Array.isArray(sections)) return false;
  return Object.values(sections).every(
    (section: unknown) =>
      typeof section === 'object' &&
      section !== null &&
      isWhole((section as Section).offset) &&
      isWhole((section as Section).length) &&
      (section as Section).offset % ALIGN === 0,
  );
}

/** The CRC-32 of these bytes, a few megabytes per turn of the event loop. */
export async function crc32InTurns(bytes: Buffer): Promise<number> {
  let checksum = 0;
  for (let at = 0; at < bytes.length; at += CHECK_BYTES) {
    if (at > 0) await nextTurn();
    checksum = crc32(bytes.subarray(at, at + CHECK_BYTES), checksum);
  }
  return checksum;
}

/**
 * Reads a file of this kind (its magic, and its name for the reasons given); `accept` checks the header
 * (throwing SnapshotRefused for another dataset) before the body's checksum is computed.
 */
export async function decodeSections<H>(
  file: Buffer,
  kind: { magic: string; name: string },
  accept: (header: H & SectionHeader) => void,
): Promise<SectionFile<H>> {
  const { magic } = kind;
  const magicBytes = Buffer.from(magic, 'ascii');
  if (file.length < magicBytes.length + 4 || !file.subarray(0, magicBytes.length).equals(magicBytes))
    throw new SnapshotRefused(`not a ${kind.name} snapshot`);
  const headerLength = file.readUInt32LE(magicBytes.length);
  const headEnd = magicBytes.length + 4 + headerLength;
  if (headEnd > file.length) throw new SnapshotRefused('cut short in its header');
  let header: H & SectionHeader;
  try {
    header = JSON.parse(file.toString('utf8', magicBytes.length + 4, headEnd)) as H & SectionHeader;
  } catch {
    throw new SnapshotRefused('a damaged header');
  }
  if (!isSectionHeader(header)) throw new SnapshotRefused('a malformed header');
  try {
    accept(header);
  } catch (error) {
    if (error instanceof SnapshotRefused) throw error;
    throw new SnapshotRefused(`a malformed header (${(error as Error).message})`);
  }
  const bodyStart = headEnd + padding(headEnd);
  const body = file.subarray(bodyStart);
  const last = Object.values(header.sections).reduce((end, s) => Math.max(end, s.offset + s.length), 0);
  if (last > body.length) throw new SnapshotRefused('cut short');
  if ((await crc32InTurns(body)) !== header.crc32) throw new SnapshotRefused('damaged (its checksum differs)');
  // Typed arrays are read in place where the file's buffer allows it (it is 8-aligned when read whole).
  const aligned = (file.byteOffset + bodyStart) % ALIGN === 0;
  const bytes = (name: string) => {
    const section = header.sections[name];
    if (section === undefined) throw new SnapshotRefused(`without its ${name} section`);
    const { offset, length } = section;
    const start = file.byteOffset + bodyStart + offset;
    return aligned
      ? { buffer: file.buffer as ArrayBuffer, start, length }
      : { buffer: (file.buffer as ArrayBuffer).slice(start, start + length), start: 0, length };
  };
  return {
    header,
    bytes,
    view: (name, make, size) => {
      const { buffer, start, length } = bytes(name);
      if (length % size !== 0) throw new SnapshotRefused(`its ${name} section is not of whole elements`);
      return make(buffer, start, length / size);
    },
  };
}

/** A section's bytes as an ArrayBuffer of its own (for a structure that owns its buffer, like a k-d tree). */
export function ownBuffer({ buffer, start, length }: { buffer: ArrayBuffer; start: number; length: number }) {
  return buffer.slice(start, start + length);
}

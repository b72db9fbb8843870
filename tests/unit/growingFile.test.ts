/**
 * A file followed as it is written (server/exporter/GrowingFile.ts), on a real disk: readers get every byte however
 * they come (before the first byte, midway, after the rename), a reader that does not read never holds the writer,
 * and a writing given up midway leaves each reader the rest from elsewhere, with nothing twice or missing.
 */
import { mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { GrowingFile } from '../../server/exporter/GrowingFile';

const dir = mkdtempSync(join(tmpdir(), 'makan-growing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bytes that tell where they are: a reader's copy matches only if each is in its place. */
const BYTES = Buffer.from(Array.from({ length: 300_000 }, (_, i) => `${i % 9973},`).join('')).subarray(0, 1_000_000);
const PARTS = Array.from({ length: 40 }, (_, i) => BYTES.subarray(i * 25_000, (i + 1) * 25_000));

let files = 0;
async function growing(): Promise<GrowingFile> {
  files++;
  return GrowingFile.create(join(dir, `f${files}.tmp`), join(dir, `f${files}`));
}

const write = (sink: Writable, part: Buffer) =>
  new Promise<void>((done, fail) => sink.write(part, (error) => (error ? fail(error) : done())));
const end = (sink: Writable) => new Promise<void>((done) => sink.end(done));

async function readAll(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

const nothingElse = (): AsyncIterable<Buffer> => {
  throw new Error('the file was whole: nothing is asked of elsewhere');
};

describe('a file followed as it grows', () => {
  it('gives each reader every byte, whenever it comes, and ends where the file ends', async () => {
    const file = await growing();
    const sink = file.sink();
    const early = readAll(file.follow(nothingElse));
    for (const part of PARTS.slice(0, 20)) await write(sink, part);
    const midway = readAll(file.follow(nothingElse));
    expect(file.followers).toBe(2);
    for (const part of PARTS.slice(20)) await write(sink, part);
    await end(sink);
    renameSync(file.temporary, file.path);
    // One that comes after the rename, before it is told: reads it under its own name.
    const late = readAll(file.follow(nothingElse));
    file.whole();
    for (const copy of await Promise.all([early, midway, late])) expect(copy.equals(BYTES)).toBe(true);
    expect(file.followers).toBe(0);
    expect(readFileSync(file.path).equals(BYTES)).toBe(true);
  });

  it('is written to its end while a reader reads nothing (a slow link reads behind it from the disk)', async () => {
    const file = await growing();
    const sink = file.sink();
    const reader = file.follow(nothingElse);
    // The reader takes one piece, then waits; the writer goes on to the end without it.
    const first = reader.next();
    for (const part of PARTS) await write(sink, part);
    await end(sink);
    renameSync(file.temporary, file.path);
    file.whole();
    const parts = [(await first).value as Buffer];
    for await (const part of { [Symbol.asyncIterator]: () => reader }) parts.push(part);
    expect(Buffer.concat(parts).equals(BYTES)).toBe(true);
  });

  it('as a stream, holds about one read ahead of a reader that takes nothing', async () => {
    const file = await growing();
    const sink = file.sink();
    for (const part of PARTS) await write(sink, part);
    const stream = file.stream(nothingElse);
    stream.pause();
    stream.read(0);
    await new Promise((r) => setTimeout(r, 100));
    // Counted in bytes (a stream of pieces counts pieces, sixteen of them held).
    expect(stream.readableObjectMode).toBe(false);
    expect(stream.readableLength).toBeGreaterThan(0);
    expect(stream.readableLength).toBeLessThanOrEqual(2 * 64 * 1024);
    stream.destroy();
    await end(sink);
  });

  it('gives readers the rest from elsewhere when its writing fails midway, each byte once', async () => {
    const file = await growing();
    const sink = file.sink();
    let asked = 0;
    const madeAgain = () => {
      asked++;
      return Readable.from(PARTS);
    };
    const reader = file.follow(madeAgain);
    for (const part of PARTS.slice(0, 13)) await write(sink, part);
    // Some of it read from the file first.
    const first = (await reader.next()).value as Buffer;
    expect(first.length).toBeGreaterThan(0);
    // A disk that filled: the writer stops and removes its file.
    sink.on('error', () => undefined);
    sink.destroy(new Error('no room'));
    rmSync(file.temporary, { force: true });
    file.failed();
    const rest = await readAll({ [Symbol.asyncIterator]: () => reader });
    expect(Buffer.concat([first, rest]).equals(BYTES)).toBe(true);
    expect(asked).toBe(1);
    // One that comes after: all of it from elsewhere.
    expect((await readAll(file.follow(madeAgain))).equals(BYTES)).toBe(true);
    expect(file.followers).toBe(0);
  });

  it('never writes over a file that exists', async () => {
    const file = await growing();
    await expect(GrowingFile.create(file.temporary, file.path)).rejects.toThrow(/EEXIST/);
    await end(file.sink());
  });
});

/**
 * A file being written that readers follow as it grows, each from its first byte at its own pace, until it is
 * whole. A version's download file (DownloadFiles.ts) is one: the visitors who ask for it while it is written read
 * it as it is made, so the first asks after an import are one export of the store however many they are, not one
 * each beside the file's own (at a million locations the whole CSV is 65 s of the process's bulk budget). A
 * reader never holds the writer: a slow link reads behind it from the disk, not from memory.
 *
 * It is written under a temporary name and renamed to its own when whole; a reader that comes as it is renamed
 * reads it under its own name. If its writing fails midway, each reader is given the rest from `rest`, the same
 * bytes made again (its first ones skipped), so no reader sees a download cut off that a store export would have
 * finished.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
import { WRITE_AHEAD_BYTES } from './writeExport';

/** How much a reader reads at a time. */
const READ_BYTES = 64 * 1024;

type Outcome = 'growing' | 'whole' | 'failed';

export class GrowingFile {
  /** Bytes on the file so far, readable through any descriptor of it. */
  private written = 0;
  private outcome: Outcome = 'growing';
  private waiting: (() => void)[] = [];
  private reading = 0;

  private constructor(
    /** Where it is written. */
    readonly temporary: string,
    /** Its own name once whole. */
    readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  /** Creates the temporary file (never one that exists). */
  static async create(temporary: string, path: string): Promise<GrowingFile> {
    return new GrowingFile(temporary, path, await open(temporary, 'wx'));
  }

  /** Where the bytes are written, each counted once it is on the file (a batch of them written at once). */
  sink(): Writable {
    return new Writable({
      highWaterMark: WRITE_AHEAD_BYTES,
      writev: (chunks, done) => {
        this.append(Buffer.concat(chunks.map(({ chunk }) => chunk as Buffer))).then(() => done(), done);
      },
      final: (done) => void this.handle.close().then(() => done(), done),
      destroy: (error, done) =>
        void this.handle.close().then(
          () => done(error),
          () => done(error),
        ),
    });
  }

  /** It is whole under its own name (renamed by the writer): readers end where it ends. */
  whole(): void {
    this.settle('whole');
  }

  /** Its writing failed: readers are given the rest from elsewhere. */
  failed(): void {
    this.settle('failed');
  }

  /** Readers following it now: while there are, a visitor waits for its writing (exportPacer.ts). */
  get followers(): number {
    return this.reading;
  }

  get growing(): boolean {
    return this.outcome === 'growing';
  }

  /**
   * `follow` as a stream of bytes, holding at most about one read ahead of a reader that does not take them (as a
   * stream of pieces, its default, it would hold sixteen: a megabyte per slow link).
   */
  stream(rest: () => AsyncIterable<Buffer>): Readable {
    return Readable.from(this.follow(rest), { objectMode: false, highWaterMark: READ_BYTES });
  }

  /**
   * Its bytes from the first, as they are written, ending when it is whole. If its writing fails, the rest comes
   * from `rest()`, which makes the same bytes from the first (those already read are skipped).
   */
  async *follow(rest: () => AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    this.reading++;
    let read = 0;
    try {
      const reader = await this.reader();
      if (reader !== null) {
        try {
          for (;;) {
            if (read < this.written) {
              const { buffer, bytesRead } = await reader.read({
                buffer: Buffer.allocUnsafe(Math.min(READ_BYTES, this.written - read)),
                position: read,
              });
              if (bytesRead === 0) break;
              read += bytesRead;
              yield buffer.subarray(0, bytesRead);
            } else if (this.outcome === 'whole') return;
            else if (this.outcome === 'failed') break;
            else await this.change();
          }
        } finally {
          await reader.close();
        }
      }
    } finally {
      this.reading--;
    }
    yield* skipped(rest(), read);
  }

  /** A descriptor of the file, or null when its writing failed before it could be read. */
  private async reader(): Promise<FileHandle | null> {
    try {
      return await open(this.temporary, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    // Renamed when whole, or removed when it failed: its outcome is known at once, or within the writer's next step.
    while (this.outcome === 'growing') await this.change();
    return this.outcome === 'whole' ? await open(this.path, 'r') : null;
  }

  private async append(bytes: Buffer): Promise<void> {
    for (let at = 0; at < bytes.length;) {
      const { bytesWritten } = await this.handle.write(bytes, at, bytes.length - at);
      at += bytesWritten;
      this.written += bytesWritten;
    }
    this.wake();
  }

  private settle(outcome: Outcome): void {
    if (this.outcome === 'growing') this.outcome = outcome;
    this.wake();
  }

  private change(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}

/** `source` without its first `bytes` bytes. */
async function* skipped(source: AsyncIterable<Buffer>, bytes: number): AsyncGenerator<Buffer> {
  let left = bytes;
  for await (const part of source) {
    if (left >= part.length) left -= part.length;
    else {
      yield left === 0 ? part : part.subarray(left);
      left = 0;
    }
  }
}

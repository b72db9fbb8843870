/**
 * Every point's gateway JSON (`{"Lat":…,"Long":…,"Name":…,"Guid":…}`), encoded once, kept in chunks of a
 * fixed number of points: one chunk per page read from the store, so reading a type never joins its texts
 * into one buffer (at 1.7M points that join was 250 MB copied at once, holding the event loop for 0.3 s).
 * Point i is in chunk floor(i / pointsPerChunk); only the last chunk may hold fewer.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { withRoom } from './withRoom';

/** What a PointTexts holds, as a worker thread can be sent it (buffers arrive there as plain byte arrays). */
export interface PointTextParts {
  pointsPerChunk: number;
  count: number;
  chunks: Uint8Array[];
  starts: Uint32Array<ArrayBuffer>;
}

/** Bytes copied between two turns of the event loop when the texts are copied for another thread. */
const COPY_BYTES_PER_TURN = 4 * 1024 * 1024;

export class PointTexts {
  private readonly chunks: Buffer[] = [];
  /** Where point i's text starts in its chunk; it ends where the next point's starts, or at the chunk's end. */
  private starts = new Uint32Array(1024);
  private total = 0;
  count = 0;

  constructor(readonly pointsPerChunk: number) {}

  /** The same texts, read from parts another thread sent. */
  static fromParts({ pointsPerChunk, count, chunks, starts }: PointTextParts): PointTexts {
    const texts = new PointTexts(pointsPerChunk);
    for (const chunk of chunks) {
      texts.chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      texts.total += chunk.byteLength;
    }
    texts.starts = starts;
    texts.count = count;
    return texts;
  }

  /** What another thread needs to read these texts, as they are held here (the chunks may share one buffer). */
  parts(): PointTextParts {
    return { pointsPerChunk: this.pointsPerChunk, count: this.count, chunks: this.chunks, starts: this.starts };
  }

  /**
   * A copy of the parts, each in a buffer of its own, for another thread to be handed (transferred). Posting
   * the parts themselves would copy every buffer they are views into, synchronously: for texts read from a
   * snapshot that is the whole file, coordinates and index included. Copied a few megabytes per turn of the
   * event loop (a millisecond or so), so requests are answered meanwhile.
   */
  async copyToHandOver(): Promise<{ parts: PointTextParts; transfer: ArrayBuffer[] }> {
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let copiedThisTurn = 0;
    for (const chunk of this.chunks) {
      chunks.push(new Uint8Array(chunk));
      copiedThisTurn += chunk.length;
      if (copiedThisTurn < COPY_BYTES_PER_TURN) continue;
      copiedThisTurn = 0;
      await nextTurn();
    }
    const starts = this.starts.slice(0, this.count);
    return {
      parts: { pointsPerChunk: this.pointsPerChunk, count: this.count, chunks, starts },
      transfer: [...chunks.map((chunk) => chunk.buffer), starts.buffer],
    };
  }

  /** The next chunk's texts, in point order. */
  append(texts: readonly string[]): void {
    if (this.count % this.pointsPerChunk !== 0)
      throw new Error('a chunk after a short one: only the last chunk may be short');
    if (texts.length > this.pointsPerChunk)
      throw new Error(`${texts.length} texts in a chunk of ${this.pointsPerChunk}`);
    this.starts = withRoom(this.starts, this.count + texts.length);
    let at = 0;
    for (const text of texts) {
      this.starts[this.count++] = at;
      at += Buffer.byteLength(text);
    }
    const chunk = Buffer.from(texts.join(''));
    this.chunks.push(chunk);
    this.total += chunk.length;
  }

  byteLength(id: number): number {
    return this.end(id) - this.starts[id]!;
  }

  /** Copies point `id`'s text into `target` at `at`; returns the bytes copied. */
  copy(id: number, target: Buffer, at: number): number {
    return this.chunkOf(id).copy(target, at, this.starts[id]!, this.end(id));
  }

  text(id: number): string {
    return this.chunkOf(id).toString('utf8', this.starts[id]!, this.end(id));
  }

  /** The bytes held: the texts and their starts. */
  memory(): number {
    return this.total + this.starts.byteLength;
  }

  private chunkOf(id: number): Buffer {
    if (!(id >= 0 && id < this.count)) throw new RangeError(`no point ${id} of ${this.count}`);
    return this.chunks[Math.floor(id / this.pointsPerChunk)]!;
  }

  private end(id: number): number {
    const next = id + 1;
    return next % this.pointsPerChunk === 0 || next === this.count ? this.chunkOf(id).length : this.starts[next]!;
  }
}

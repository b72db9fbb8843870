/** The name order of a type is computed by the index worker from a copy of the texts handed over to it. */
import type { Transferable } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { compareNames } from '../../domain/text';
import { NameOrders } from '../../server/points/NameOrders';
import { PointTexts, type PointTextParts } from '../../server/points/PointTexts';
import type { TypePoints } from '../../server/points/TypePoints';
import { WorkerClient } from '../../server/workers/WorkerClient';
import type { IndexRequest } from '../../server/workers/indexWorker';

const WORKER = new URL('../../server/workers/indexWorker.ts', import.meta.url);
const NAMES = ['هنرستان ۹', 'آموزشگاه ب', 'مرکز تهران', 'کارگاه', 'آموزشگاه الف', 'مرکز', 'هنرستان ۶۸'];

/** Every buffer posted to the worker, with whether it was handed over (transferred) or copied. */
interface Posted {
  bytes: number;
  handedOver: boolean;
}

class RecordingWorker extends WorkerClient<IndexRequest> {
  readonly posted: Posted[] = [];

  override call<Result>(request: IndexRequest, transfer: Transferable[] = []): Promise<Result> {
    if (request.op === 'nameOrder') {
      const { chunks, starts }: PointTextParts = request.texts;
      for (const view of [...chunks, starts])
        this.posted.push({ bytes: view.buffer.byteLength, handedOver: transfer.includes(view.buffer as ArrayBuffer) });
    }
    return super.call(request, transfer);
  }
}

/** Texts as a type read from its snapshot holds them: views inside one buffer, the whole file's. */
function textsInsideAFile(): { texts: PointTexts; all: string[] } {
  const all = NAMES.map((Name, i) => JSON.stringify({ Lat: 35, Long: 51 + i, Name, Guid: `g${i}` }));
  const file = new ArrayBuffer(1_000_000);
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const starts = new Uint32Array(file, 0, all.length);
  let at = 4_096;
  for (let i = 0; i < all.length; i += 3) {
    const chunkTexts = all.slice(i, i + 3);
    const bytes = encoder.encode(chunkTexts.join(''));
    new Uint8Array(file, at, bytes.length).set(bytes);
    chunks.push(new Uint8Array(file, at, bytes.length));
    let offset = 0;
    chunkTexts.forEach((text, k) => {
      starts[i + k] = offset;
      offset += encoder.encode(text).length;
    });
    at += bytes.length;
  }
  return { texts: PointTexts.fromParts({ pointsPerChunk: 3, count: all.length, chunks, starts }), all };
}

describe('NameOrders', () => {
  let worker: RecordingWorker;
  afterEach(() => worker.close());

  it('hands the worker a copy of the texts alone, never the snapshot file they are views into', async () => {
    worker = new RecordingWorker(WORKER, 'test-names');
    const { texts, all } = textsInsideAFile();
    const points = { typeId: 'A', count: all.length, texts } as unknown as TypePoints;

    const { order } = await new NameOrders(worker).of(points);

    expect([...order]).toEqual(NAMES.map((_, id) => id).sort((a, b) => compareNames(NAMES[a]!, NAMES[b]!)));
    const textBytes = all.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    expect(worker.posted.every((buffer) => buffer.handedOver)).toBe(true);
    expect(worker.posted.reduce((sum, buffer) => sum + buffer.bytes, 0)).toBe(textBytes + all.length * 4);
    // The type's own texts are still whole here: what was handed over was a copy.
    expect(Array.from({ length: texts.count }, (_, id) => texts.text(id))).toEqual(all);
  });
});

/** WorkerClient: the server's long-lived worker threads (k-d trees, cluster indexes) answer, fail and recover. */
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerClient } from '../../server/workers/WorkerClient';
import type { TestWorkerRequest } from '../support/testWorker';

const ENTRY = new URL('../support/testWorker.ts', import.meta.url);

describe('WorkerClient', () => {
  let client: WorkerClient<TestWorkerRequest>;
  afterEach(() => client.close());

  it('answers requests in a worker thread, transferring typed arrays', async () => {
    client = new WorkerClient<TestWorkerRequest>(ENTRY, 'test');
    expect(await client.call({ op: 'echo', value: { a: [1, 2] } })).toEqual({ a: [1, 2] });
    const values = Float64Array.from([1.5, 2.5]);
    expect(await client.call<Float64Array>({ op: 'echo', value: values }, [values.buffer])).toEqual(
      Float64Array.from([1.5, 2.5]),
    );
  });

  it("a request that throws rejects with the worker's message and leaves the worker serving", async () => {
    client = new WorkerClient<TestWorkerRequest>(ENTRY, 'test');
    await expect(client.call({ op: 'fail', message: 'no index for that' })).rejects.toThrow('no index for that');
    expect(await client.call({ op: 'echo', value: 1 })).toBe(1);
  });

  it('a worker that dies fails what it had pending, and the next call starts a new one', async () => {
    client = new WorkerClient<TestWorkerRequest>(ENTRY, 'test');
    await client.call({ op: 'echo', value: 'warm' });
    await expect(client.call({ op: 'die' })).rejects.toThrow(/stopped \(exit code 3\)/);
    expect(await client.call({ op: 'echo', value: 'again' })).toBe('again');
  });
});

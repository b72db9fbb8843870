/**
 * Where a server process counts its clients' requests. Alone, it counts them itself. One of several
 * processes sharing a port (node:cluster), it counts against the primary, which keeps one count per client
 * for all of them: connections are spread across the processes, so counts kept per process would let a
 * client make the limit times the number of processes. How the primary shares a client's limit between the
 * processes, exactly, is in sharedAllowances.ts.
 */
import cluster, { type Worker } from 'node:cluster';
import { allowanceClient } from './allowanceClient';
import { isAsk, isReturned, type ToPrimary, type ToProcess } from './allowanceMessages';
import { SharedAllowances } from './sharedAllowances';
import { WindowCounts, type WindowCount } from './windowCounts';

export interface RateCounter {
  hit(client: string, windowMs: number, max: number): Promise<WindowCount>;
}

/** Counts in this process: a server with one process, tests, benchmarks. */
export function localRateCounter(counts = new WindowCounts()): RateCounter {
  return { hit: async (client, windowMs) => counts.hit(client, windowMs) };
}

/** In the primary: keeps one count per client for `workers` processes and hands out their shares. */
export function countForWorkers(workers: number): void {
  const allowances = new SharedAllowances(workers, (id, message: ToProcess) => {
    const worker = cluster.workers?.[id];
    if (worker?.isConnected()) worker.send(message);
  });
  cluster.on('exit', (worker) => allowances.gone(worker.id));
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (isAsk(message)) allowances.ask(worker.id, message);
    else if (isReturned(message)) allowances.returned(worker.id, message);
  });
}

/**
 * How long a worker waits for the primary. The primary answers from memory in microseconds, or after a
 * reclaim that it gives up on at RECLAIM_TIMEOUT_MS; when it cannot answer (it is stopping, or its channel
 * closed), the request is counted here instead of being held.
 */
const PRIMARY_TIMEOUT_MS = 2_000;

/** Counts against the primary's grants (see countForWorkers); counts on its own if the primary is silent. */
export function primaryRateCounter(onFallback: (reason: string) => void = () => {}): RateCounter {
  const fallback = new WindowCounts();
  const send = (message: ToPrimary) =>
    new Promise<boolean>((resolve) => {
      const sent = process.send?.(message, (error) => {
        if (error) onFallback(`the channel failed: ${error.message}`);
        resolve(!error);
      });
      if (sent === undefined) {
        onFallback('this process has no primary');
        resolve(false);
      }
    });
  const client = allowanceClient(send, PRIMARY_TIMEOUT_MS);
  process.on('message', (message: unknown) => client.receive(message));
  return {
    async hit(key, windowMs, max) {
      const count = await client.hit(key, windowMs, max);
      if (count) return count;
      onFallback('the primary did not answer');
      return fallback.hit(key, windowMs);
    },
  };
}

/**
 * Where a server process counts its clients' requests. Alone, it counts them itself. One of several
 * processes sharing a port (node:cluster), it counts against the primary, which keeps one count per client
 * for all of them: connections are spread across the processes, so counts kept per process would let a
 * client make the limit times the number of processes.
 *
 * Asking the primary for every request would add a message there and back to each answer (measured: a
 * fifth more LazyLoad time). So the primary hands out allowances: a process asks for a share of what the
 * client has left in its window, answers that many requests on its own, and asks again when it runs out.
 * The shares never add up to more than the limit, so no client gets more than it; a client near its limit
 * gets shares of one (a message per request), and one over it is refused by each process without asking
 * until its window ends. What a share left unused in one process when the window ends is not given to
 * another: a client spread thinly may be refused a little before its limit, never after.
 */
import cluster, { type Worker } from 'node:cluster';
import { MAX_CLIENTS, WindowCounts, type Reservation, type WindowCount } from './windowCounts';

export interface RateCounter {
  hit(client: string, windowMs: number, max: number): Promise<WindowCount>;
}

/** A worker's question and the primary's answer. */
interface ReserveMessage {
  makan: 'rate-reserve';
  id: number;
  client: string;
  windowMs: number;
  max: number;
}
interface ReservedMessage {
  makan: 'rate-reserved';
  id: number;
  reservation: Reservation;
}

const isReserveMessage = (message: unknown): message is ReserveMessage =>
  typeof message === 'object' && message !== null && (message as { makan?: unknown }).makan === 'rate-reserve';
const isReservedMessage = (message: unknown): message is ReservedMessage =>
  typeof message === 'object' && message !== null && (message as { makan?: unknown }).makan === 'rate-reserved';

/** Counts in this process: a server with one process, tests, benchmarks. */
export function localRateCounter(counts = new WindowCounts()): RateCounter {
  return { hit: async (client, windowMs) => counts.hit(client, windowMs) };
}

/** In the primary: keeps one count per client for `workers` processes and hands out their shares. */
export function countForWorkers(workers: number, counts = new WindowCounts()): void {
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isReserveMessage(message) || !worker.isConnected()) return;
    // Half of what is left, split between the processes: early shares are large, the last ones single requests.
    const reservation = counts.reserve(message.client, message.windowMs, message.max, 2 * workers);
    worker.send({ makan: 'rate-reserved', id: message.id, reservation } satisfies ReservedMessage);
  });
}

/**
 * How long a worker waits for the primary. The primary answers from memory in microseconds; when it cannot
 * (it is stopping, or its channel closed), the request is counted here instead of being held.
 */
const PRIMARY_TIMEOUT_MS = 1_000;

/** A process's share of a client's window: requests it may still answer, and the count it has reached. */
interface Share {
  endsAt: number;
  credits: number;
  current: number;
}

/** Counts against the primary's shares (see countForWorkers); counts on its own if the primary is silent. */
export function primaryRateCounter(onFallback: (reason: string) => void = () => {}): RateCounter {
  const fallback = new WindowCounts();
  const shares = new Map<string, Share>();
  const pending = new Map<number, { resolve: (reservation: Reservation | null) => void; timer: NodeJS.Timeout }>();
  let nextId = 0;
  process.on('message', (message: unknown) => {
    if (!isReservedMessage(message)) return;
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    clearTimeout(waiting.timer);
    waiting.resolve(message.reservation);
  });

  const ask = (client: string, windowMs: number, max: number) =>
    new Promise<Reservation | null>((resolve) => {
      const id = nextId++;
      const silent = (reason: string) => {
        if (!pending.delete(id)) return;
        clearTimeout(timer);
        onFallback(reason);
        resolve(null);
      };
      const timer = setTimeout(() => silent('the primary did not answer in time'), PRIMARY_TIMEOUT_MS);
      timer.unref();
      pending.set(id, { resolve, timer });
      const message: ReserveMessage = { makan: 'rate-reserve', id, client, windowMs, max };
      const sent = process.send?.(message, (error) => error && silent(`the channel failed: ${error.message}`));
      if (sent === undefined) silent('this process has no primary');
    });

  /** Takes one request from the client's share, if it has one in an open window. */
  const take = (share: Share | undefined, max: number, now: number): WindowCount | null => {
    if (!share || share.endsAt <= now) return null;
    const ttl = share.endsAt - now;
    if (share.credits > 0) {
      share.credits -= 1;
      share.current += 1;
      return { current: share.current, ttl };
    }
    // Refused by the primary in this window: refused here until it ends, without asking again.
    return share.current >= max ? { current: share.current + 1, ttl } : null;
  };

  return {
    async hit(client, windowMs, max) {
      const held = take(shares.get(client), max, Date.now());
      if (held) return held;
      const reservation = await ask(client, windowMs, max);
      if (!reservation) return fallback.hit(client, windowMs);
      const now = Date.now();
      const share = shares.get(client);
      if (share && share.endsAt > now) {
        share.credits += reservation.granted;
        share.current = Math.max(share.current, reservation.from);
        if (reservation.granted === 0) share.current = Math.max(share.current, max);
      } else {
        shares.delete(client);
        shares.set(client, {
          endsAt: now + reservation.ttl,
          credits: reservation.granted,
          current: reservation.granted === 0 ? Math.max(reservation.from, max) : reservation.from,
        });
        for (const oldest of shares.keys()) {
          if (shares.size <= MAX_CLIENTS) break;
          shares.delete(oldest);
        }
      }
      return take(shares.get(client), max, now) ?? { current: max + 1, ttl: reservation.ttl };
    },
  };
}

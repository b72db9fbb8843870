/**
 * The cluster primary's side of one rate limit shared by several server processes.
 *
 * Asking the primary for every request would add a message there and back to each answer, so the primary
 * grants a process a share of what the client has left and the process answers that many on its own. Two
 * rules keep the limit exact in both directions:
 * - never more: the grants of a window never add up to more than the limit, and a process's grant ends no
 *   later than the primary's window (see allowanceClient.ts);
 * - never refused below it: when nothing is left to grant but other processes still hold unused grants, the
 *   primary asks them back (a reclaim) before it answers, and it refuses only once every grant of the window
 *   has been used. A process that asks again hands back what it holds of an older grant.
 * A process asks at most once at a time per client, however many of its requests wait, so one process cannot
 * take everything that is left in a burst of asks.
 *
 * Slack: none while every process answers. A process that exits holding credits takes them with it until the
 * window ends, and one that does not answer a reclaim within RECLAIM_TIMEOUT_MS has its credits taken as used:
 * in both cases the client is refused early by at most what that process held, never allowed more.
 */
import type { AskMessage, ReturnedMessage, ToProcess } from './allowanceMessages';
import { MAX_CLIENTS } from './windowCounts';

/** How long the primary waits for a process to give credits back before it counts them as used. */
export const RECLAIM_TIMEOUT_MS = 500;

interface Waiting {
  worker: number;
  ask: AskMessage;
}

/** One client's window on the primary: what it granted, to whom, and the asks waiting on a reclaim. */
interface ClientWindow {
  startedAt: number;
  windowMs: number;
  granted: number;
  /** Per process: credits granted since it last had none (asked again, or gave them back). */
  held: Map<number, number>;
  /** Reclaims sent and not yet answered in this window. */
  reclaiming: Set<number>;
  waiting: Waiting[];
}

export class SharedAllowances {
  private readonly windows = new Map<string, ClientWindow>();
  private nextReclaim = 0;

  constructor(
    /** How many processes share the limit: a grant is a `2 × processes`-th of what is left. */
    private readonly processes: number,
    private readonly send: (worker: number, message: ToProcess) => void,
    private readonly now: () => number = Date.now,
    private readonly maxClients = MAX_CLIENTS,
  ) {}

  /** A process's ask: answered at once, or after the other processes have given back what they hold. */
  ask(worker: number, ask: AskMessage): void {
    const window = this.windowOf(ask.client, ask.windowMs);
    if (ask.window === window.startedAt) window.granted -= Math.max(0, Math.min(ask.returning, window.granted));
    // A process asks only when it has nothing left of its grants in this window.
    window.held.set(worker, 0);
    window.waiting.push({ worker, ask });
    this.drain(ask.client, window);
  }

  /** A process's answer to a reclaim. */
  returned(worker: number, message: ReturnedMessage): void {
    const window = this.windows.get(message.client);
    if (!window || window.startedAt !== message.window || !window.reclaiming.delete(message.id)) return;
    window.granted -= Math.max(0, Math.min(message.returned, window.granted));
    window.held.set(worker, 0);
    this.drain(message.client, window);
  }

  /** A process that exited: nothing is waited for from it, and nothing is sent to it. */
  gone(worker: number): void {
    for (const [client, window] of this.windows) {
      window.waiting = window.waiting.filter((waiting) => waiting.worker !== worker);
      window.held.delete(worker);
      this.drain(client, window);
    }
  }

  get size(): number {
    return this.windows.size;
  }

  /** Answers waiting asks in order while no reclaim is under way. */
  private drain(client: string, window: ClientWindow): void {
    while (window.waiting.length > 0 && window.reclaiming.size === 0) {
      const current = this.windowOf(client, window.windowMs);
      if (current !== window) {
        // The window ended while they waited: they are answered from the next one.
        current.waiting.push(...window.waiting);
        window.waiting = [];
        this.drain(client, current);
        return;
      }
      const { worker, ask } = window.waiting[0]!;
      const ttl = window.startedAt + window.windowMs - this.now();
      const left = ask.max - window.granted;
      if (left > 0) {
        // Half of what is left, split between the processes: early grants are large, the last ones single requests.
        const granted = Math.max(1, Math.floor(left / (2 * this.processes)));
        window.granted += granted;
        window.held.set(worker, (window.held.get(worker) ?? 0) + granted);
        window.waiting.shift();
        this.send(worker, this.grant(ask, window, granted, ttl));
        continue;
      }
      const holders = [...window.held].filter(([other, held]) => other !== worker && held > 0);
      if (holders.length === 0) {
        // Every request granted in this window has been used: refused until it ends.
        window.waiting.shift();
        this.send(worker, this.grant(ask, window, 0, ttl));
        continue;
      }
      for (const [holder] of holders) this.reclaim(client, window, holder);
    }
  }

  private grant(ask: AskMessage, window: ClientWindow, granted: number, ttl: number): ToProcess {
    return { makan: 'rate-grant', id: ask.id, window: window.startedAt, from: window.granted - granted, granted, ttl };
  }

  private reclaim(client: string, window: ClientWindow, holder: number): void {
    const id = this.nextReclaim++;
    window.reclaiming.add(id);
    this.send(holder, { makan: 'rate-reclaim', id, client, window: window.startedAt });
    const timer = setTimeout(() => {
      // No answer: its credits are counted as used, and the waiting asks go on without them.
      if (!window.reclaiming.delete(id)) return;
      window.held.set(holder, 0);
      this.drain(client, window);
    }, RECLAIM_TIMEOUT_MS);
    timer.unref();
  }

  private windowOf(client: string, windowMs: number): ClientWindow {
    const now = this.now();
    const open = this.windows.get(client);
    if (open && open.startedAt + open.windowMs > now) return open;
    if (open) this.windows.delete(client);
    const fresh: ClientWindow = {
      startedAt: now,
      windowMs,
      granted: 0,
      held: new Map(),
      reclaiming: new Set(),
      waiting: [],
    };
    this.windows.set(client, fresh);
    for (const [oldest, window] of this.windows) {
      if (this.windows.size <= this.maxClients) break;
      if (window.waiting.length === 0) this.windows.delete(oldest);
    }
    return fresh;
  }
}

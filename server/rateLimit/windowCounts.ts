/**
 * Requests per client in fixed windows: the first request of a client opens a window of `windowMs`, every
 * request in it adds one, and the first request after it opens the next. Kept in one place for the whole
 * server process that serves alone (several processes share a limit through sharedAllowances.ts).
 */

/** How many requests a client has made in its current window, and how long that window has left (ms). */
export interface WindowCount {
  current: number;
  ttl: number;
}

/** Counts are kept for at most this many clients; the oldest windows are dropped first beyond it. */
export const MAX_CLIENTS = 100_000;

export class WindowCounts {
  /** Insertion order is window-opening order: the first entry is always the oldest window. */
  private readonly windows = new Map<string, { count: number; startedAt: number }>();

  constructor(private readonly maxClients = MAX_CLIENTS) {}

  /** Counts one request of `client` at `now` in a window of `windowMs`. */
  hit(client: string, windowMs: number, now = Date.now()): WindowCount {
    const window = this.windowOf(client, windowMs, now);
    window.count += 1;
    return { current: window.count, ttl: window.startedAt + windowMs - now };
  }

  get size(): number {
    return this.windows.size;
  }

  private windowOf(client: string, windowMs: number, now: number) {
    const open = this.windows.get(client);
    if (open && open.startedAt + windowMs > now) return open;
    if (open) this.windows.delete(client);
    const fresh = { count: 0, startedAt: now };
    this.windows.set(client, fresh);
    for (const oldest of this.windows.keys()) {
      if (this.windows.size <= this.maxClients) break;
      this.windows.delete(oldest);
    }
    return fresh;
  }
}

/**
 * Adapts a RateCounter to @fastify/rate-limit's store contract (`incr(key, callback, timeWindow, max)`,
 * `child(routeOptions)`): the plugin decides and answers 429, the counter decides where counts live.
 */
import type { RateCounter } from './rateCounter';
import type { WindowCount } from './windowCounts';

type Callback = (error: Error | null, count?: WindowCount) => void;

/** The store class the plugin instantiates; every route shares the one counter. */
export function rateLimitStore(counter: RateCounter) {
  return class CounterStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      counter.hit(key, timeWindow, max).then(
        (count) => callback(null, count),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): CounterStore {
      return this;
    }
  };
}

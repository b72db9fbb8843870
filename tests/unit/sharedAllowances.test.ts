/**
 * The primary's shares and the processes' side, wired through in-memory channels that deliver in order but
 * late and in bursts, as IPC does under load: the limit must hold exactly in both directions whatever
 * interleaving the channels produce.
 */
import { describe, expect, it } from 'vitest';
import { allowanceClient, type AllowanceClient } from '../../server/rateLimit/allowanceClient';
import type { ToPrimary, ToProcess } from '../../server/rateLimit/allowanceMessages';
import { SharedAllowances } from '../../server/rateLimit/sharedAllowances';

/** A channel in one direction: in order, each message after a random number of turns of the event loop. */
function channel<T>(deliver: (message: T) => void, random: () => number) {
  const queue: T[] = [];
  let draining = false;
  const drain = () => {
    if (queue.length === 0) {
      draining = false;
      return;
    }
    // Several at once, or none this turn.
    const burst = Math.floor(random() * 3);
    for (let i = 0; i < burst && queue.length > 0; i++) deliver(queue.shift()!);
    setImmediate(drain);
  };
  return (message: T) => {
    queue.push(structuredClone(message));
    if (!draining) {
      draining = true;
      setImmediate(drain);
    }
  };
}

/** A seeded generator, so a failure replays. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface Cluster {
  processes: AllowanceClient[];
  clock: { now: number };
  /** Whether process i answers reclaims (a hung process does not). */
  answering: boolean[];
}

function cluster(count: number, seed: number): Cluster {
  const random = seeded(seed);
  const clock = { now: 1_000_000 };
  const now = () => clock.now;
  const answering = Array.from({ length: count }, () => true);
  const toProcess: ((message: ToProcess) => void)[] = [];
  const primary = new SharedAllowances(count, (worker, message) => toProcess[worker]!(message), now);
  const processes = Array.from({ length: count }, (_, worker) => {
    const toPrimary = channel<ToPrimary>((message) => {
      if (message.makan === 'rate-ask') primary.ask(worker, message);
      else primary.returned(worker, message);
    }, random);
    const client = allowanceClient(
      async (message) => {
        if (message.makan === 'rate-returned' && !answering[worker]) return true;
        toPrimary(message);
        return true;
      },
      10_000,
      now,
    );
    toProcess[worker] = channel<ToProcess>((message) => client.receive(message), random);
    return client;
  });
  return { processes, clock, answering };
}

const WINDOW = 60_000;

/** An answer: allowed or refused, at what time of the fake clock, with how long its window had left. */
interface Answer {
  allowed: boolean;
  at: number;
  ttl: number;
}

/** `connections` loops, each sending its requests one after another to a process chosen at random. */
async function burst(
  { processes, clock }: Cluster,
  connections: number,
  requestsEach: number,
  max: number,
  random: () => number,
  log: Answer[],
) {
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = 0; i < requestsEach; i++) {
        const process = processes[Math.floor(random() * processes.length)]!;
        const count = await process.hit('client', WINDOW, max);
        expect(count).not.toBeNull();
        log.push({ allowed: count!.current <= max, at: clock.now, ttl: count!.ttl });
      }
    }),
  );
}

describe('one rate limit shared by several processes', () => {
  it.each([1, 2, 4])('allows exactly the limit to 16 connections over %i processes, then refuses', async (count) => {
    for (const seed of [1, 2, 3]) {
      const setup = cluster(count, seed);
      const log: Answer[] = [];
      await burst(setup, 16, 60, 600, seeded(seed * 7), log);
      expect(log.filter((answer) => answer.allowed)).toHaveLength(600);
      // Nobody was refused while any of the limit was left.
      expect(log.findIndex((answer) => !answer.allowed)).toBe(600);
    }
  });

  it('gives what one process holds and no longer uses to another', async () => {
    const setup = cluster(2, 5);
    const [a, b] = setup.processes as [AllowanceClient, AllowanceClient];
    expect((await a.hit('client', WINDOW, 600))!.current).toBeLessThanOrEqual(600);
    const answers = [];
    for (let i = 0; i < 700; i++) answers.push((await b.hit('client', WINDOW, 600))!.current <= 600);
    expect(answers.filter(Boolean)).toHaveLength(599);
    expect(answers.indexOf(false)).toBe(599);
    expect((await a.hit('client', WINDOW, 600))!.current).toBe(601);
  });

  it('is exact across a window boundary, with asks and grants in flight as it passes', async () => {
    let crossed = 0;
    for (const seed of [11, 12, 13, 14, 15, 16]) {
      const setup = cluster(2, seed);
      const random = seeded(seed);
      const log: Answer[] = [];
      const first = burst(setup, 16, 30, 300, random, log);
      // The window ends while the first burst is under way.
      await new Promise((settle) => setTimeout(settle, 2));
      const boundary = (setup.clock.now += WINDOW);
      await first;
      await burst(setup, 16, 60, 300, random, log);
      // The second window is used whole; of the first, at least what was allowed before it ended, and no more
      // than the limit: all of it if anyone was refused before the boundary.
      const allowed = log.filter((answer) => answer.allowed).length;
      const allowedBefore = log.filter((answer) => answer.allowed && answer.at < boundary).length;
      expect(allowed).toBeLessThanOrEqual(600);
      expect(allowed).toBeGreaterThanOrEqual(300 + allowedBefore);
      if (log.some((answer) => !answer.allowed && answer.at < boundary)) expect(allowed).toBe(600);
      crossed += log.some((answer) => answer.at >= boundary && answer.ttl === 0) ? 1 : 0;
    }
    // At least one seed had grants made before the boundary still arriving after it.
    expect(crossed).toBeGreaterThan(0);
  });

  it('counts a process that does not give back what it holds as having used it, and refuses no later', async () => {
    const setup = cluster(2, 9);
    const [a, b] = setup.processes as [AllowanceClient, AllowanceClient];
    await a.hit('client', WINDOW, 20);
    setup.answering[0] = false;
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push((await b.hit('client', WINDOW, 20))!.current <= 20);
    // a was granted 5 (a quarter of 20) and answered one: its 4 unused are lost to b, never granted twice.
    expect(answers.filter(Boolean)).toHaveLength(15);
  });
});

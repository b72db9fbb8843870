/**
 * Downloads are bulk work beside the visitors' small requests, and so are reading a whole type to index what it
 * teaches (server/trades/TradeIndex.ts) and writing a type's list of names (server/stats/NameLists.ts): every
 * such work running in a process shares one budget of event-loop time per turn of the loop (`paced` for
 * records). Each asks `exportTurn()` before each small batch; within the turn's budget it goes on at once, past
 * it it waits for the next turn, behind the work already waiting, and the loop answers other requests meanwhile.
 * With nothing else to do the loop turns at once, so an export alone runs at full speed.
 *
 * Work over items in memory (a list's names, a type's JSON, an area's file) goes a piece at a time through
 * `pacedPieces`; work over a store's records through `paced`.
 *
 * Work a visitor waits for (a download, a list, an area's file) goes before work nobody waits for (the trade
 * indexes' warm-up, a download's file being kept): that waits while a visitor's waits, though for no more than
 * BACKGROUND_PASSED_OVER turns in a row, so it still ends under a steady stream of downloads. Before, the two
 * took turns: the first download of the whole dataset at a million locations took 92-99 s beside its own file
 * being written (65 s alone), now 72 s, and a list opened during the warm-up waited behind it.
 *
 * Each export yielding on its own was not enough: fifty exports each doing a little per turn still held
 * the loop fifty times that long per turn, and a request waited several turns (bench:downloads).
 */
import { performance } from 'node:perf_hooks';
import type { LocationRecord } from '../store/LocationStore';

/** Whether a visitor waits for the work, or nobody does (a warm-up, a cache being written). */
export type Work = 'visitor' | 'background';
/** Which it is, fixed or asked before each batch (a file being written is a visitor's while one reads it). */
export type WorkOf = Work | (() => Work);

/** Export work per turn of the event loop, for all exports of the process together. */
export const EXPORT_BUDGET_MS = 2;

/** Turns a visitor's work may take in a row while background work waits. */
export const BACKGROUND_PASSED_OVER = 7;

let turnStartedAt = -Infinity;
const waiting: Record<Work, (() => void)[]> = { visitor: [], background: [] };
/** Visitors' turns taken in a row while background work waited. */
let passedOver = 0;
let scheduled = false;

const anyWaiting = () => waiting.visitor.length + waiting.background.length > 0;

function nextTurn(): void {
  scheduled = false;
  turnStartedAt = performance.now();
  const background = waiting.background.length > 0;
  const visitorFirst = waiting.visitor.length > 0 && !(background && passedOver >= BACKGROUND_PASSED_OVER);
  if (visitorFirst && background) passedOver++;
  if (!visitorFirst) passedOver = 0;
  // One export a turn: it goes on while the budget lasts, then waits behind the others. (Resuming all of
  // them at once, to share the budget within the turn, measured worse: 0.6 s at 50 downloads, not 0.1 s.)
  (visitorFirst ? waiting.visitor : waiting.background).shift()?.();
  if (anyWaiting()) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(nextTurn);
}

/** Resolves when the caller may do its next batch of export work (at once: undefined). */
export function exportTurn(work: Work = 'visitor'): Promise<void> | undefined {
  if (!anyWaiting() && performance.now() - turnStartedAt < EXPORT_BUDGET_MS) return undefined;
  const turn = new Promise<void>((resolve) => waiting[work].push(resolve));
  schedule();
  return turn;
}

/**
 * Records turned into text (or into an index) between two asks of the budget: a store's page arrives whole (and
 * SQLite's at once), so without them a page's rows, or a whole type's, were all handled before any other
 * request was answered.
 */
const RECORDS_PER_BATCH = 25;

/** The records, each batch (and so each page the store reads, the first too) started within the budget. */
export async function* paced(
  records: AsyncIterable<LocationRecord>,
  work: WorkOf = 'visitor',
): AsyncIterable<LocationRecord> {
  const iterator = records[Symbol.asyncIterator]();
  try {
    for (let seen = 0; ; seen++) {
      if (seen % RECORDS_PER_BATCH === 0) await exportTurn(typeof work === 'function' ? work() : work);
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/**
 * What `piece(start, end)` makes of each piece of `count` items, `perPiece` at a time, each piece started within the
 * budget (pieces made as undefined are left out). The piece is made only when asked for: as a stream's source, the
 * next is made as the client reads.
 */
export async function* pacedPieces<T>(
  count: number,
  perPiece: number,
  piece: (start: number, end: number) => T | undefined,
): AsyncGenerator<T> {
  for (let start = 0; start < count; start += perPiece) {
    await exportTurn();
    const made = piece(start, Math.min(count, start + perPiece));
    if (made !== undefined) yield made;
  }
}

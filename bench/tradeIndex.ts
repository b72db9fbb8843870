/**
 * npm run bench:trades [-- --points 1000000]
 * The trade index's build (server/trades/TradeIndex.ts: what every teaching type's locations teach, read once
 * per dataset version for the first trade search or question), in this process over the benchmark's SQLite
 * file: its time, the heap it keeps, and the longest the event loop was held meanwhile (a timer asked every
 * 10 ms), beside the plain baseline of reading the same records from the store and keeping nothing. Then what
 * a visitor's questions cost once it is built: a trade search over every teaching type as they type its first
 * letters (without and with a filter) and the nearest locations teaching it, each the median of 30.
 */
import { parseArgs } from 'node:util';
import { TEACHING_TYPES } from '../domain/locationTypes';
import { NO_FILTERS } from '../domain/filters';
import { openStore } from '../server/store/openStore';
import { parseDbSpec } from '../server/store/dbSpec';
import { TradeIndex } from '../server/trades/TradeIndex';
import { sqliteWithData } from './data';

const { values } = parseArgs({ options: { points: { type: 'string', default: '1000000' } } });
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:trades does)');

/** Runs `work`, timing it and the longest gap between ticks of a 10-ms timer meanwhile. */
async function measured(work: () => Promise<unknown>): Promise<{ seconds: number; heldMs: number; heapMb: number }> {
  gc!();
  const heapBefore = process.memoryUsage().heapUsed;
  let last = performance.now();
  let held = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    held = Math.max(held, now - last);
    last = now;
  }, 10);
  const started = performance.now();
  const kept = await work();
  const ended = performance.now();
  const seconds = (ended - started) / 1000;
  clearInterval(ticker);
  // A loop held to the end never ticked again: the gap since the last tick counts too.
  held = Math.max(held, ended - last);
  gc!();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  void kept;
  return { seconds, heldMs: held, heapMb };
}

const db = await sqliteWithData(Number(values.points));
const { store } = await openStore(parseDbSpec(db, 'the benchmark database'), {
  readonly: true,
  deferPageCheckAbove: 0,
});
const teaching = TEACHING_TYPES.map((type) => type.typeId);

const plain = await measured(async () => {
  let records = 0;
  for (const typeId of teaching) for await (const _ of store.exportRecords(typeId)) records++;
  return records;
});
const index = new TradeIndex(store);
const built = await measured(async () => {
  await index.tradeNames(teaching);
  return index;
});
const line = (name: string, m: typeof plain) =>
  `${name}: ${m.seconds.toFixed(1)} s, heap kept ${m.heapMb.toFixed(0)} MB, event loop held up to ${m.heldMs.toFixed(0)} ms`;
console.log(`${values.points} locations, ${teaching.length} teaching types, SQLite`);
console.log(line('reading the records alone', plain));
console.log(line('the trade index', built));
console.log(`ratio of time ${(built.seconds / plain.seconds).toFixed(2)}x`);

/** The median time of `ask` over 30 calls, in ms. */
async function median(ask: () => Promise<unknown>): Promise<string> {
  const took: number[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    await ask();
    took.push(performance.now() - started);
  }
  return took.sort((a, b) => a - b)[15]!.toFixed(2);
}
const women = { ...NO_FILTERS, gender: ['زنانه', 'مختلط'] };
const [sewing] = await index.tradesAcross(teaching, 'خیاط', NO_FILTERS, 8);
console.log(
  `a trade search over every teaching type ("خیا"): ${await median(() => index.tradesAcross(teaching, 'خیا', NO_FILTERS, 8))} ms, ` +
    `for women ${await median(() => index.tradesAcross(teaching, 'خیا', women, 8))} ms; the 10 nearest teaching ` +
    `${sewing?.Trade}: ${await median(() => index.nearestAcross(teaching, sewing!.Trade, 35.7, 51.4, 10, NO_FILTERS))} ms`,
);

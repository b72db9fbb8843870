/**
 * npm run bench:rate-limit [-- --points 1000000]
 * What counting the rate limit once for the whole server costs: two servers of two processes each over the
 * same data, one counting in its primary (shares the primary grants, as `npm start` does), one in
 * each process (the baseline), and the plain kdbush server. LazyLoad latencies interleaved, then requests/s
 * under load in interleaved rounds; printed as ratios, which are what to compare on this shared machine.
 */
import { parseArgs } from 'node:util';
import { sqliteWithData } from './data';
import { ratio, ServerPool, timeTogether } from './harness';
import { ACADEMY, lazyLoad, load } from './requests';
import { ms, percentile } from './stats';

const { values } = parseArgs({
  options: {
    points: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '400' },
  },
});
const samples = Number(values.samples);
const dbFile = await sqliteWithData(Number(values.points));
const pool = new ServerPool();
const shared = 'http://127.0.0.1:18201';
const local = 'http://127.0.0.1:18202';
const plain = 'http://127.0.0.1:18203';
const ROUNDS = 3;
try {
  await pool.start('bench/clusterServe.ts', [dbFile, '18201', 'shared']);
  await pool.start('bench/clusterServe.ts', [dbFile, '18202', 'local']);
  await pool.start('bench/plainServer.ts', [dbFile, '18203', ACADEMY]);
  // Every process of both servers builds its points before anything is timed.
  await timeTogether([shared, local, plain], lazyLoad(11), 50);
  console.log(
    `${Number(values.points).toLocaleString('en-US')} locations, Academy, 2 processes per Makan server, ${samples} sequential requests each`,
  );
  for (const zoom of [11, 13]) {
    const [s, l, p] = await timeTogether([shared, local, plain], lazyLoad(zoom), samples);
    console.log(
      `LazyLoad JSON zoom ${zoom}: counted in the primary p50 ${ms(s.p50)} p99 ${ms(s.p99)} | counted per process p50 ${ms(l.p50)} p99 ${ms(l.p99)} | plain kdbush p50 ${ms(p.p50)} | primary/per-process p50 ${ratio(s.p50, l.p50)} p99 ${ratio(s.p99, l.p99)} | against plain: primary ${ratio(s.p50, p.p50)}, per process ${ratio(l.p50, p.p50)}`,
    );
  }
  const rounds = { shared: [] as number[], local: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    rounds.shared.push(await load(shared, 13));
    rounds.local.push(await load(local, 13));
  }
  const rpsShared = percentile(rounds.shared, 50);
  const rpsLocal = percentile(rounds.local, 50);
  console.log(
    `Load, LazyLoad JSON zoom 13, 16 connections, 8 s, median of ${ROUNDS} interleaved rounds: counted in the primary ${rpsShared.toFixed(0)} req/s | counted per process ${rpsLocal.toFixed(0)} req/s | ${ratio(rpsShared, rpsLocal)}`,
  );
} finally {
  await pool.stopAll();
}

/**
 * npm run bench:ask [-- --points 1000000] [--samples 200] [--no-server]
 * Questions in everyday words (issue 58). First the written test set (tests/support/askQuestions.txt): the
 * share understood exactly and by part, and the time to read one question (p50/p99 over the set, after a
 * warm-up) beside a plain baseline that only folds the text and looks each word up in a table. Then, on a
 * server over the benchmark's data, the whole answer of GET /api/ask beside the call a visitor makes without
 * it for the same answer (the trade's nearest, the type's nearest, a province's chart counts), interleaved.
 */
import { parseArgs } from 'node:util';
import { buildLexicon } from '../domain/ask/lexicon';
import { readQuestion } from '../domain/ask/readQuestion';
import { foldText } from '../domain/text';
import { TRADES } from '../server/seed/vocabulary';
import { describeScore, loadAskQuestions, scoreReadings } from '../tools/test/askQuestionSet';
import { sqliteWithData } from './data';
import { ratio, ServerPool } from './harness';
import { ACADEMY } from './requests';
import { ms, percentile } from './stats';

const { values } = parseArgs({
  options: {
    points: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '200' },
    'no-server': { type: 'boolean', default: false },
  },
});
const SAMPLES = Number(values.samples);
const questions = loadAskQuestions(TRADES);
const lexicon = buildLexicon(TRADES);

console.log(
  describeScore(
    scoreReadings(
      questions,
      questions.map((q) => readQuestion(lexicon, q.question).Understood),
    ),
  ),
);

/** The plain baseline: fold, split, look every word up. */
const words = new Map([...lexicon.phrases.keys()].map((key) => [key, true]));
const plainReading = (text: string) =>
  foldText(text)
    .split(' ')
    .filter((word) => words.has(word)).length;

function timeEach(read: (text: string) => unknown): number[] {
  const took: number[] = [];
  for (let round = 0; round < 5; round++)
    for (const { question } of questions) {
      const started = performance.now();
      read(question);
      took.push(performance.now() - started);
    }
  return took;
}
// Warm-up: the first reads compile the reader.
timeEach((text) => readQuestion(lexicon, text));
timeEach(plainReading);
const [grammar, plain] = [timeEach((text) => readQuestion(lexicon, text)), timeEach(plainReading)];
console.log(
  `reading a question (${grammar.length} reads): p50 ${ms(percentile(grammar, 50))}, p99 ${ms(percentile(grammar, 99))}` +
    ` | plain word lookup p50 ${ms(percentile(plain, 50))}, p99 ${ms(percentile(plain, 99))}` +
    ` | ratio p50 ${ratio(percentile(grammar, 50), percentile(plain, 50))}`,
);

if (!values['no-server']) await answerOverHttp();

async function answerOverHttp(): Promise<void> {
  const PORT = 18_393;
  const BASE = `http://127.0.0.1:${PORT}`;
  const db = await sqliteWithData(Number(values.points));
  const servers = new ServerPool();
  try {
    await servers.start('bench/serve.ts', [db, String(PORT), 'store']);
    while (!(await fetch(`${BASE}/api/health`).catch(() => null))?.ok) await new Promise((r) => setTimeout(r, 200));
    const bojnurd = 'lat=37.47473&lon=57.32903';
    const women = `gender=${encodeURIComponent('زنانه')}&gender=${encodeURIComponent('مختلط')}`;
    const pairs = [
      {
        name: 'nearest sewing academy for women in Bojnurd',
        ask: 'نزدیک‌ترین آموزشگاه خیاطی برای خانم‌ها در بجنورد',
        plain: `/api/trades/${ACADEMY}/nearest?trade=${encodeURIComponent('خیاطی')}&${bojnurd}&limit=10&${women}`,
      },
      {
        name: 'an academy near me',
        ask: 'آموزشگاه نزدیک من',
        extra: `&${bojnurd}`,
        plain: `/api/nearest/${ACADEMY}?${bojnurd}&limit=10`,
      },
      {
        name: 'how many academies in Fars',
        ask: 'چند آموزشگاه در استان فارس',
        plain: `/api/TVTOBase/OrglocationChartData/${ACADEMY}`,
      },
    ];
    console.log(`\nthe whole answer over HTTP, ${values.points} points, ${SAMPLES} samples each after a warm-up:`);
    for (const pair of pairs) {
      const askPath = `/api/ask?q=${encodeURIComponent(pair.ask)}${pair.extra ?? ''}`;
      const timed = async (path: string) => {
        const started = performance.now();
        const response = await fetch(BASE + path);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        return performance.now() - started;
      };
      // Warm-up: the first asks build the type's points and the trade index.
      for (let i = 0; i < 5; i++) await Promise.all([timed(askPath), timed(pair.plain)]);
      const asked: number[] = [];
      const plainCall: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        asked.push(await timed(askPath));
        plainCall.push(await timed(pair.plain));
      }
      console.log(
        `  ${pair.name}: /api/ask p50 ${ms(percentile(asked, 50))}, p99 ${ms(percentile(asked, 99))}` +
          ` | the plain call p50 ${ms(percentile(plainCall, 50))}, p99 ${ms(percentile(plainCall, 99))}` +
          ` | ratio p50 ${ratio(percentile(asked, 50), percentile(plainCall, 50))}`,
      );
    }
  } finally {
    await servers.stopAll();
  }
}

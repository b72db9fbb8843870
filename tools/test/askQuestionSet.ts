/**
 * The written test set of questions (tests/support/askQuestions.txt) and how readings of it are scored: a
 * question is understood exactly when every part is right. The unit test, the API test (on both stores) and
 * the benchmark (npm run bench:ask) all score it here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PROVINCES } from '../../domain/provinces';
import { foldText } from '../../domain/text';
import { valueNameIn } from '../../domain/valueNames';

export interface ExpectedParts {
  Route: string | null;
  Trade: string | null;
  Audience: string | null;
  Place: string | null;
  NearMe: boolean;
  Intent: string;
}

export interface AskQuestion {
  question: string;
  expected: ExpectedParts;
}

export const PARTS = ['Route', 'Trade', 'Audience', 'Place', 'NearMe', 'Intent'] as const;

const provinceIsEnglish = new Set(PROVINCES.map((p) => p.name_en));

const none = (cell: string) => (cell === '-' ? null : cell);

/** The set, its trades named in English turned into the data's names among `trades` (the seeded data's). */
export function loadAskQuestions(trades: readonly string[]): AskQuestion[] {
  const tradeByEnglish = new Map(trades.map((trade) => [valueNameIn(trade, 'en'), trade]));
  const file = fileURLToPath(new URL('../../tests/support/askQuestions.txt', import.meta.url));
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      if (cells.length !== 7) throw new Error(`askQuestions.txt: not seven cells: ${line}`);
      const [question, route, trade, audience, place, nearMe, intent] = cells as [string, ...string[]];
      const tradeName = none(trade!);
      if (tradeName !== null && !tradeByEnglish.has(tradeName))
        throw new Error(`askQuestions.txt: no trade ${tradeName}`);
      const placeName = none(place!);
      if (placeName !== null && !/\/(city|province)$/.test(placeName))
        throw new Error(`askQuestions.txt: ${placeName}`);
      if (placeName?.endsWith('/province') && !provinceIsEnglish.has(placeName.split('/')[0]!))
        throw new Error(`askQuestions.txt: no province ${placeName}`);
      return {
        question,
        expected: {
          Route: none(route!),
          Trade: tradeName === null ? null : tradeByEnglish.get(tradeName)!,
          Audience: none(audience!),
          Place: placeName,
          NearMe: nearMe === '1',
          Intent: intent!,
        },
      };
    });
}

/** A reading's parts in the set's terms (a place as "English name/kind"). */
export interface ReadParts {
  Route: string | null;
  Trade: string | null;
  Audience: string | null;
  Place: { EnName: string | null; Name: string; Kind: string } | null;
  NearMe: boolean;
  Intent: string;
}

export function partsRight(expected: ExpectedParts, read: ReadParts): Record<(typeof PARTS)[number], boolean> {
  const place = read.Place === null ? null : `${read.Place.EnName ?? read.Place.Name}/${read.Place.Kind}`;
  return {
    Route: expected.Route === read.Route,
    Trade:
      (expected.Trade === null ? null : foldText(expected.Trade)) ===
      (read.Trade === null ? null : foldText(read.Trade)),
    Audience: expected.Audience === read.Audience,
    Place: expected.Place === place,
    NearMe: expected.NearMe === read.NearMe,
    Intent: expected.Intent === read.Intent,
  };
}

export interface SetScore {
  questions: number;
  exact: number;
  byPart: Record<(typeof PARTS)[number], number>;
  misread: { question: string; wrong: string[] }[];
}

export function scoreReadings(questions: AskQuestion[], readings: ReadParts[]): SetScore {
  const byPart = Object.fromEntries(PARTS.map((part) => [part, 0])) as SetScore['byPart'];
  const misread: SetScore['misread'] = [];
  let exact = 0;
  questions.forEach(({ question, expected }, i) => {
    const right = partsRight(expected, readings[i]!);
    for (const part of PARTS) if (right[part]) byPart[part] += 1;
    const wrong = PARTS.filter((part) => !right[part]);
    if (wrong.length === 0) exact += 1;
    else misread.push({ question, wrong });
  });
  return { questions: questions.length, exact, byPart, misread };
}

/** "96.4% exactly; Route 99.1%, …": a score as the benchmark and the issue note print it. */
export function describeScore(score: SetScore): string {
  const share = (n: number) => `${((100 * n) / score.questions).toFixed(1)}%`;
  const parts = PARTS.map((part) => `${part} ${share(score.byPart[part])}`).join(', ');
  return `${score.questions} questions, ${share(score.exact)} understood exactly; by part: ${parts}`;
}

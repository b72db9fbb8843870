/**
 * A question asked in everyday words and its answer (GET /api/ask): a query machine whose scope is the question,
 * the parts the visitor removed and, for "near me", their position. A changed scope asks again; no question asks
 * nothing.
 */
import type { AskAnswer, AskDroppable } from '../domain/wire/ask';
import { queryMachine } from './query';

export interface AskScope {
  question: string | null;
  drop: readonly AskDroppable[];
  position: { lat: number; lon: number } | null;
}

export const askMachine = queryMachine<AskScope, AskAnswer>({
  id: 'ask',
  ready: (scope) => scope.question !== null,
  same: (a, b) =>
    a.question === b.question &&
    a.drop.length === b.drop.length &&
    a.drop.every((part) => b.drop.includes(part)) &&
    a.position?.lat === b.position?.lat &&
    a.position?.lon === b.position?.lon,
});

/**
 * The written test set (tests/support/askQuestions.txt) read by the grammar over the seeded data's trades: at
 * least 95% of its questions understood exactly, every part right (issue 58). The API suite scores the same set
 * through GET /api/ask on both stores; the benchmark prints the figures by part.
 */
import { describe, expect, it } from 'vitest';
import { buildLexicon } from '../../domain/ask/lexicon';
import { readQuestion } from '../../domain/ask/readQuestion';
import { TRADES } from '../../server/seed/vocabulary';
import { describeScore, loadAskQuestions, scoreReadings } from '../../tools/test/askQuestionSet';

describe('the written questions', () => {
  const questions = loadAskQuestions(TRADES);

  it('number at least 300, in Persian and in English', () => {
    expect(questions.length).toBeGreaterThanOrEqual(300);
    const persian = questions.filter((q) => /[\u0600-\u06ff]/.test(q.question)).length;
    expect(persian).toBeGreaterThanOrEqual(150);
    expect(questions.length - persian).toBeGreaterThanOrEqual(100);
  });

  it('are understood exactly, every part right, in at least 95% of questions', () => {
    const lexicon = buildLexicon(TRADES);
    const score = scoreReadings(
      questions,
      questions.map((q) => readQuestion(lexicon, q.question).Understood),
    );
    console.info(describeScore(score));
    expect(score.exact / score.questions, JSON.stringify(score.misread, null, 1)).toBeGreaterThanOrEqual(0.95);
  });
});

import { describe, expect, it } from 'vitest';
import { isCorrect, roundResult } from './grade.ts';

const answers = (correct: number, wrong: number, skipped = 0) => [
  ...Array.from({ length: correct }, () => ({ correct: true, answer: 'right' })),
  ...Array.from({ length: wrong }, () => ({ correct: false, answer: 'wrong' })),
  ...Array.from({ length: skipped }, () => ({ correct: false, answer: null })),
];

describe('round result', () => {
  it('scores a practice round', () => {
    expect(roundResult({ answers: answers(8, 2), total: 10, mode: 'practice', startedAt: 0, finishedAt: 95_000, deadline: null })).toEqual({
      score: 8, total: 10, percentage: 80, points: 100, timeSpentMs: 95_000, incorrect: 2,
    });
  });

  it('stops the clock at the competition deadline', () => {
    const result = roundResult({ answers: answers(1, 0, 14), total: 15, mode: 'competition', startedAt: 0, finishedAt: 400_000, deadline: 180_000 });
    expect(result).toMatchObject({ timeSpentMs: 180_000, points: 10 });
  });

  it('grades by exact match with the stored answer', () => {
    expect(isCorrect('Paris', 'Paris')).toBe(true);
    expect(isCorrect('Paris', 'paris')).toBe(false);
  });
});

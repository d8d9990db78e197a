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

  it.each([
    // multiplier, real time for 25 questions, speed bonus: the same pace relative to one's own window earns the same bonus
    [1, 240_000, 25], // 9.6 s a question
    [2, 480_000, 25], // 19.2 s of a doubled window is the same pace
    [1.5, 360_000, 25],
    ['none', 480_000, 25], // judged like ×2
    [1, 400_000, 0], // 16 s a question
    [2, 700_000, 15], // 14 s a question relative to a doubled window
  ] as const)('speed bonus at ×%s over %i ms → +%i, with the real time reported', (timeMultiplier, finishedAt, bonus) => {
    const deadline = timeMultiplier === 'none' ? null : 420_000 * timeMultiplier;
    const result = roundResult({ answers: answers(25, 0), total: 25, mode: 'competition', startedAt: 0, finishedAt, deadline, timeMultiplier });
    expect(result).toMatchObject({ timeSpentMs: finishedAt, points: 250 + 50 + bonus });
  });

  it('grades by exact match with the stored answer', () => {
    expect(isCorrect('Paris', 'Paris')).toBe(true);
    expect(isCorrect('Paris', 'paris')).toBe(false);
  });
});

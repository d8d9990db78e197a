import { describe, expect, it } from 'vitest';
import { levelProgress, subjectProgress } from './progress.ts';

describe('level progress (1-core §4)', () => {
  it.each([
    [0, 0, 0],
    [5, 80, 100],
    [4, 100, Math.round(60 * 0.5 + 40)],
    [5, 79, Math.round(60 * 5 / 8 + 0.4 * 79)],
    [8, 50, Math.round(60 + 20)],
    [20, 70, Math.round(60 + 28)],
    [1, 0, Math.round(7.5)],
  ])('%i quizzes at %i%% → %i', (quizzes, averageScore, expected) => {
    expect(levelProgress({ quizzes, averageScore })).toBe(expected);
  });
});

describe('subject status and progress (1-core §4)', () => {
  it.each([
    [0, 0, 'not-started', 0],
    [15, 85, 'mastered', 100],
    [14, 100, 'in-progress', Math.round(70 * 14 / 20 + 30)],
    [15, 84, 'in-progress', Math.round(70 * 15 / 20 + 0.3 * 84)],
    [40, 60, 'in-progress', Math.round(70 + 18)],
    [1, 50, 'in-progress', Math.round(3.5 + 15)],
  ] as const)('%i attempts at %i%% → %s %i', (quizzes, averageScore, status, progress) => {
    expect(subjectProgress({ quizzes, averageScore })).toEqual({ status, progress });
  });
});

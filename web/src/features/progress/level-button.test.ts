import { describe, expect, it } from 'vitest';
import { SUBJECTS } from '#shared/constants.ts';
import { emptyProgress, levelButtonLabel, levelTone } from './level-button.ts';

describe('level buttons (1-core §2: mastered, percent complete, Start Learning; green, blue, grey)', () => {
  it.each<[number, number, string, string]>([
    [100, 7, 'Mastered · 7 quizzes', 'mastered'],
    [100, 1, 'Mastered · 1 quiz', 'mastered'],
    [88, 9, '88% complete', 'started'],
    [1, 1, '1% complete', 'started'],
    [0, 0, 'Start Learning', 'new'],
  ])('progress %i over %i quizzes → %s (%s)', (progress, quizzes, label, tone) => {
    expect(levelButtonLabel(progress, quizzes)).toBe(label);
    expect(levelTone(progress)).toBe(tone);
  });
});

describe('progress that failed to load (1-core §8)', () => {
  it('is all zeros for the three subjects', () => {
    const empty = emptyProgress({ beginner: true, advanced: false, expert: false }, -1);
    expect(empty.subjects.map((s) => s.subject)).toEqual([...SUBJECTS]);
    expect(empty.subjects.every((s) => s.totalQuizzes === 0 && s.progressPercentage === 0 && s.status === 'not-started')).toBe(true);
    expect(empty.totals).toEqual({ attempts: 0, points: 0, streak: 0 });
    expect(empty.recentAttempts).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { readableQuestionLevels } from './question-access.ts';

const now = new Date('2026-11-26T12:00:00Z');
const caller = (role: 'student' | 'parent' | 'teacher' | 'admin', subscription_status: 'free' | 'premium' = 'free', metadata = {}) => ({ role, subscription_status, metadata });

describe('readableQuestionLevels', () => {
  it.each([
    ['a free student', caller('student'), ['beginner']],
    ['a premium student', caller('student', 'premium'), ['beginner', 'advanced', 'expert']],
    ['a student on trial', caller('student', 'free', { trial_active: true, trial_ends: '2026-11-30T00:00:00Z' }), ['beginner', 'advanced', 'expert']],
    ['a student whose trial ended', caller('student', 'free', { trial_active: true, trial_ends: '2026-11-20T00:00:00Z' }), ['beginner']],
    ['an admin', caller('admin'), ['beginner', 'advanced', 'expert']],
    ['a premium parent (parents do not play)', caller('parent', 'premium'), ['beginner']],
    ['a teacher', caller('teacher', 'premium'), ['beginner']],
  ])('%s', (_name, who, levels) => {
    expect(readableQuestionLevels(who as never, now)).toEqual(levels);
  });
});

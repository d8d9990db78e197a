import { describe, expect, it } from 'vitest';
import { GROUP_LIMITS, GROUP_MESSAGES as M, canSendMessage, chatMessageSchema, createGroupSchema, groupStats, joinRefusal, matchesSearch, sanitiseMessage } from './study-groups.ts';

const firstError = (input: Record<string, unknown>) => {
  const result = createGroupSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('Create Group (2-social §5)', () => {
  it('fills the spec’s defaults', () => {
    expect(createGroupSchema.parse({ name: 'World Capitals' })).toEqual({ name: 'World Capitals', description: '', subject: 'all', level: 'mixed', is_private: false, max_members: 50 });
  });

  it.each([
    ['', M.nameRequired],
    ['ab', M.nameFormat],
    ['abc', null],
    ['a'.repeat(50), null],
    ['a'.repeat(51), M.nameFormat],
    ['Rome 101', null],
    ['Zürich Ωmega', null],
    ['Hi!!', M.nameFormat],
    ['<b>x</b>', M.nameFormat],
    ['  Trim me  ', null],
  ])('name %j → %s', (name, message) => {
    expect(firstError({ name })).toBe(message);
  });

  it.each([
    [4, M.maxMembers],
    [5, null],
    [50, null],
    [100, null],
    [101, M.maxMembers],
    [7.5, M.maxMembers],
    ['abc', M.maxMembers],
  ])('max members %j → %s', (max_members, message) => {
    expect(firstError({ name: 'Group', max_members })).toBe(message);
  });

  it('description at most 500', () => {
    expect(firstError({ name: 'Group', description: 'x'.repeat(GROUP_LIMITS.descriptionMax) })).toBeNull();
    expect(firstError({ name: 'Group', description: 'x'.repeat(GROUP_LIMITS.descriptionMax + 1) })).toBe(M.descriptionTooLong);
  });

  it('subject and level come from the lists', () => {
    expect(firstError({ name: 'Group', subject: 'history', level: 'expert' })).toBeNull();
    expect(firstError({ name: 'Group', subject: 'maths' })).not.toBeNull();
    expect(firstError({ name: 'Group', level: 'mixed' })).toBeNull();
  });
});

describe('chat message (2-social §5, §9)', () => {
  it.each([
    ['  hello  ', 'hello'],
    // Shown as text: honest comparisons and markup stay as written.
    ['a < b and c > d', 'a < b and c > d'],
    ['<script>alert(1)</script>hi', '<script>alert(1)</script>hi'],
    ['a\u0000b\u200Bc\u202Ed', 'abcd'],
    ['line\r\n\n\n\nnext', 'line\n\nnext'],
  ])('sanitises %j → %j', (raw, expected) => {
    expect(sanitiseMessage(raw)).toBe(expected);
    expect(chatMessageSchema.parse({ message: raw }).message).toBe(expected);
  });

  it.each([
    ['', false],
    ['   ', false],
    ['\u200B\u0007', false],
    ['<br>', true],
    ['x', true],
    ['x'.repeat(1000), true],
    [`  ${'x'.repeat(1000)}  `, true],
    ['x'.repeat(1001), false],
  ])('%j may be sent: %s', (draft, allowed) => {
    expect(canSendMessage(draft)).toBe(allowed);
  });
});

describe('search and join', () => {
  it.each([
    ['capitals', true],
    ['CAPITALS', true],
    ['europe', true],
    ['asia', false],
    ['', true],
  ])('%j matches name or description, any case: %s', (q, match) => {
    expect(matchesSearch({ name: 'World Capitals', description: 'All of Europe' }, q)).toBe(match);
  });

  it.each([
    [{ member_count: 49, max_members: 50, is_private: false }, false, null],
    [{ member_count: 50, max_members: 50, is_private: false }, false, 'full'],
    [{ member_count: 3, max_members: 5, is_private: true }, false, 'private'],
    [{ member_count: 3, max_members: 5, is_private: true }, true, null],
    [{ member_count: 5, max_members: 5, is_private: true }, true, 'full'],
  ] as const)('%j invited %s → %s', (group, invited, refusal) => {
    expect(joinRefusal(group, invited)).toBe(refusal);
  });
});

describe('group stats from members’ progress', () => {
  it('sums quizzes and points, averages scores per quiz, counts active members', () => {
    const row = (quizzes: number, score_sum: number, correct_answers: number, total_questions: number, points: number) => ({ quizzes, score_sum, correct_answers, total_questions, points });
    expect(groupStats([[row(2, 150, 15, 20, 200), row(1, 100, 10, 10, 150)], [], [row(1, 50, 5, 10, 40)]])).toEqual({
      total_quizzes: 4,
      average_score: 75,
      accuracy: 75,
      total_points: 390,
      active_members: 2,
    });
    expect(groupStats([[], []])).toEqual({ total_quizzes: 0, average_score: null, accuracy: null, total_points: 0, active_members: 0 });
  });
});

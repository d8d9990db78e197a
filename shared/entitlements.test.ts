import { describe, expect, it } from 'vitest';
import type { Profile } from './api.ts';
import { PREMIUM_FEATURES, canPlayLevel, canUse, hasFullAccess, limitFor } from './entitlements.ts';

const now = new Date('2026-11-22T12:00:00Z');
const base: Profile = {
  user_id: 'u',
  email: 'a@b.co',
  role: 'student',
  subscription_status: 'free',
  subscription_updated_at: null,
  created_at: now.toISOString(),
  metadata: {},
};
const trial = (ends: string): Profile => ({ ...base, metadata: { trial_active: true, trial_started: '2026-11-20T12:00:00Z', trial_ends: ends } });

describe('entitlements (1-core §6)', () => {
  it.each([
    ['free student', base, false],
    ['premium', { ...base, subscription_status: 'premium' } as Profile, true],
    ['admin', { ...base, role: 'admin' } as Profile, true],
    ['trial running', trial('2026-11-27T12:00:00Z'), true],
    ['trial ended', trial('2026-11-22T11:59:59Z'), false],
  ])('%s has full access: %s', (_, profile, expected) => {
    expect(hasFullAccess(profile, now)).toBe(expected);
  });

  it('denies free users exactly the 14 premium features', () => {
    expect(PREMIUM_FEATURES).toHaveLength(14);
    for (const feature of PREMIUM_FEATURES) expect(canUse(base, feature, now)).toBe(false);
    expect(canUse(base, 'leaderboard', now)).toBe(true);
  });

  it('no profile means no access', () => {
    expect(canUse(undefined, 'leaderboard', now)).toBe(false);
    expect(canPlayLevel(undefined, 'beginner', now)).toBe(false);
  });

  it('free users play beginner only', () => {
    expect(['beginner', 'advanced', 'expert'].map((level) => canPlayLevel(base, level as 'beginner', now))).toEqual([true, false, false]);
  });

  it.each([
    ['study_guides', 3],
    ['quiz_attempts_per_day', 10],
    ['bookmarks', 20],
    ['study_plans', 1],
  ] as const)('free limit %s is %i', (name, value) => {
    expect(limitFor(base, name, now)).toBe(value);
  });

  it('metadata limits override, -1 is unlimited, full access is unlimited', () => {
    expect(limitFor({ ...base, metadata: { limits: { quiz_attempts_per_day: -1 } } }, 'quiz_attempts_per_day', now)).toBe(-1);
    expect(limitFor({ ...base, metadata: { limits: { quiz_attempts_per_day: 3 } } }, 'quiz_attempts_per_day', now)).toBe(3);
    expect(limitFor({ ...base, subscription_status: 'premium' }, 'bookmarks', now)).toBe(-1);
  });
});

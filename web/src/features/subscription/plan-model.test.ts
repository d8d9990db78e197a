import { describe, expect, it } from 'vitest';
import type { Profile } from '#shared/api.ts';
import { FREE_LIMITS, PREMIUM_FEATURES } from '#shared/entitlements.ts';
import { STUDENT_PLAN_MESSAGE, SUBSCRIPTION_MESSAGES } from '#shared/plans.ts';
import { ApiError } from '../../lib/api-client.ts';
import {
  featureRows,
  formatDate,
  intentErrorMessage,
  lowestMonthlyPrice,
  membershipOf,
  planOptions,
  trialFailure,
  waitlistErrorMessage,
} from './plan-model.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');

const profile = (overrides: Partial<Profile> = {}): Profile => ({
  user_id: 'u1',
  email: 'sam@example.com',
  role: 'student',
  subscription_status: 'free',
  subscription_updated_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  metadata: {},
  ...overrides,
});

describe('membership (1-core §4)', () => {
  it.each<[string, Partial<Profile>, ReturnType<typeof membershipOf>]>([
    ['free, trial never started', {}, { kind: 'free', trialUsed: false }],
    ['premium subscriber', { subscription_status: 'premium' }, { kind: 'premium' }],
    ['admin', { role: 'admin' }, { kind: 'premium' }],
    [
      'running trial',
      { metadata: { trial_active: true, trial_started: '2026-03-08T00:00:00.000Z', trial_ends: '2026-03-15T00:00:00.000Z' } },
      { kind: 'trial', endsAt: '2026-03-15T00:00:00.000Z' },
    ],
    [
      'trial past its end (not yet expired by the server)',
      { metadata: { trial_active: true, trial_started: '2026-03-01T00:00:00.000Z', trial_ends: '2026-03-08T00:00:00.000Z' } },
      { kind: 'free', trialUsed: true },
    ],
    [
      'trial ended by the server',
      { metadata: { trial_active: false, trial_started: '2026-02-01T00:00:00.000Z', trial_ends: '2026-02-08T00:00:00.000Z' } },
      { kind: 'free', trialUsed: true },
    ],
  ])('%s', (_name, overrides, expected) => {
    expect(membershipOf(profile(overrides), NOW)).toEqual(expected);
  });
});

describe('plan options (3-learning-and-admin §9)', () => {
  it('lists the four plans with their prices, notes and savings', () => {
    expect(planOptions('sam@example.com').map(({ id, price, period, was, saving }) => ({ id, price, period, was, saving }))).toEqual([
      { id: 'monthly', price: '$4.99', period: 'month', was: null, saving: '44% off' },
      { id: 'annual', price: '$79.99', period: 'year', was: '$107.88', saving: 'Save 26%' },
      { id: 'student', price: '$6.99', period: 'month', was: null, saving: '22% off' },
      { id: 'family', price: '$14.99', period: 'month', was: null, saving: 'Save 58%' },
    ]);
  });

  it('blocks the student plan without a .edu address, with the spec message', () => {
    const student = planOptions('sam@example.com').find((plan) => plan.id === 'student');
    expect(student).toMatchObject({ selectable: false, blockedReason: STUDENT_PLAN_MESSAGE });
  });

  it('opens the student plan to a .edu address', () => {
    expect(planOptions('sam@school.EDU').every((plan) => plan.selectable && plan.blockedReason === null)).toBe(true);
  });

  it('premium starts from the cheapest monthly price', () => {
    expect(lowestMonthlyPrice()).toBe('$4.99');
  });
});

describe('feature comparison', () => {
  const rows = featureRows();

  it('has a row for every premium feature, none of them free', () => {
    for (const feature of PREMIUM_FEATURES.filter((name) => name !== 'unlimited_study_guides')) {
      expect(rows.find((row) => row.key === feature)).toMatchObject({ free: { included: false }, premium: { included: true } });
    }
  });

  it('states the free limits against unlimited premium', () => {
    expect(rows.find((row) => row.key === 'study_guides')).toMatchObject({
      free: { text: `${FREE_LIMITS.study_guides} guides` },
      premium: { text: 'Unlimited' },
    });
    expect(rows.find((row) => row.key === 'quiz_attempts_per_day')?.free.text).toBe(`${FREE_LIMITS.quiz_attempts_per_day} a day`);
    expect(rows.find((row) => row.key === 'bookmarks')?.free.text).toBe(`${FREE_LIMITS.bookmarks} questions`);
  });

  it('labels every row for people', () => {
    expect(rows.every((row) => row.label.length > 0 && !row.label.includes('_'))).toBe(true);
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
  });
});

describe('formatting', () => {
  it('writes the trial end as a long date', () => {
    expect(formatDate('2026-03-17T12:00:00.000Z', 'UTC')).toBe('March 17, 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('error messages', () => {
  const conflict = (code: string, message: string) => new ApiError({ status: 409, code, message });

  it('a used trial leads to the waitlist', () => {
    expect(trialFailure(conflict('trial_used', SUBSCRIPTION_MESSAGES.trialUsed))).toEqual({ kind: 'trial-used' });
  });

  it('an account that already has premium is told so', () => {
    expect(trialFailure(conflict('already_premium', 'x'))).toEqual({ kind: 'already-premium', message: SUBSCRIPTION_MESSAGES.alreadyPremium });
  });

  it.each([new ApiError({ status: 500, code: 'internal', message: 'Boom' }), new ApiError({ status: 0, code: 'timeout', message: 'Late' }), new Error('x')])(
    'anything else is "Failed to update subscription" (%s)',
    (error) => {
      expect(trialFailure(error)).toEqual({ kind: 'error', message: SUBSCRIPTION_MESSAGES.updateFailed });
      expect(intentErrorMessage(error)).toBe(SUBSCRIPTION_MESSAGES.updateFailed);
    },
  );

  it('a refused plan shows the server message', () => {
    expect(intentErrorMessage(new ApiError({ status: 400, code: 'bad_request', message: STUDENT_PLAN_MESSAGE }))).toBe(STUDENT_PLAN_MESSAGE);
  });

  it('a failed waitlist call is "Failed to join waitlist", or the e-mail problem the server names', () => {
    expect(waitlistErrorMessage(new ApiError({ status: 500, code: 'internal', message: 'Boom' }))).toBe(SUBSCRIPTION_MESSAGES.waitlistFailed);
    expect(
      waitlistErrorMessage(new ApiError({ status: 400, code: 'bad_request', message: 'x', fields: { email: 'Please enter a valid email address' } })),
    ).toBe('Please enter a valid email address');
  });
});

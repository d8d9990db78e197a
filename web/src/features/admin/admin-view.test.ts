import { describe, expect, it } from 'vitest';
import { actionText, dayLabel, detailText, durationText, planText, share, trendText } from './admin-view.ts';

describe('admin console wording', () => {
  it.each([
    ['2026-11-23', 'Mon 23'],
    ['2026-12-01', 'Tue 1'],
  ])('%s reads %s', (date, label) => expect(dayLabel(date)).toBe(label));

  it.each([
    [0, '0s'],
    [42, '42s'],
    [60, '1m'],
    [95, '1m 35s'],
    [-3, '0s'],
  ])('%i seconds read %s', (seconds, text) => expect(durationText(seconds)).toBe(text));

  it.each([
    [0, 'No change'],
    [1, '+1 point'],
    [4, '+4 points'],
    [-3, '−3 points'],
  ])('a trend of %i reads %s', (points, text) => expect(trendText(points)).toBe(text));

  it.each([
    [0, 0, 0],
    [1, 4, 25],
    [2, 3, 67],
  ])('%i of %i is %i%% of the bar', (part, whole, pct) => expect(share(part, whole)).toBe(pct));

  it('names actions and details', () => {
    expect(actionText('user.update')).toBe('Edited user');
    expect(actionText('documents.upload')).toBe('documents.upload');
    expect(detailText({ role: 'student → teacher', subscription_status: 'free → premium' })).toBe('role: student → teacher; subscription status: free → premium');
    expect(detailText('plain')).toBe('plain');
    expect(detailText(null)).toBe('');
  });

  it.each([
    [{ kind: 'free', trialEnded: false } as const, 'Free'],
    [{ kind: 'free', trialEnded: true } as const, 'Free (trial ended)'],
    [{ kind: 'trial', endsAt: '2026-12-03T10:00:00Z' } as const, 'Trial until Dec 3, 2026'],
    [{ kind: 'premium' } as const, 'Premium'],
    [{ kind: 'admin' } as const, 'Full access (admin)'],
  ])('the plan %j reads %s', (plan, text) => expect(planText(plan, 'UTC')).toBe(text));
});

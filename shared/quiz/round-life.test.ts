import { describe, expect, it } from 'vitest';
import { isRoundLeft, isRoundOpen, resumableRound, roundOpenUntil, ROUND_IDLE_MS, ROUND_MAX_MS, SETTLE_AFTER_MS } from './round-life.ts';
import { dailyLimitDetails, limitDay, roundsLeft } from './daily-limit.ts';

const HOUR = 60 * 60 * 1000;
const T = Date.parse('2026-11-26T10:00:00Z');
const untimed = (answeredAt: number[] = [], extra = {}) => ({ startedAt: T, deadline: null, answers: answeredAt.map((at) => ({ answeredAt: at })), ...extra });

describe('how long a round stays in play', () => {
  it.each([
    ['a timed round: its deadline and the 2 s grace', { startedAt: T, deadline: T + 180_000, answers: [] }, T + 182_000],
    ['an untimed round never answered: 2 h from its start', untimed(), T + ROUND_IDLE_MS],
    ['an untimed round: 2 h from its last answer', untimed([T + HOUR, T + 3 * HOUR]), T + 5 * HOUR],
    ['…but never more than a day from its start', untimed([T + 23 * HOUR]), T + ROUND_MAX_MS],
    ['No time limit: the whole day, pauses and all', untimed([], { timeMultiplier: 'none' }), T + ROUND_MAX_MS],
    ['a daily challenge round: as long as it can be resumed, a day', untimed([T + HOUR], { daily: { date: '2026-11-26' } }), T + ROUND_MAX_MS],
  ])('%s', (_name, round, until) => {
    expect(roundOpenUntil(round)).toBe(until);
    expect(isRoundOpen(round, until)).toBe(true);
    expect(isRoundOpen(round, until + 1)).toBe(false);
    expect(isRoundLeft(round, until + SETTLE_AFTER_MS)).toBe(false);
    expect(isRoundLeft(round, until + SETTLE_AFTER_MS + 1)).toBe(true);
  });

  it('resumes the latest open ordinary round with the same subject, level, mode and focus', () => {
    const base = { subject: 'history', level: 'beginner', mode: 'practice', countsAgainstLimit: true, deadline: null, answers: [] };
    const rounds = [
      { ...base, id: 'older', startedAt: T },
      { ...base, id: 'newer', startedAt: T + 1000 },
      { ...base, id: 'other subject', subject: 'religion', startedAt: T + 2000 },
      { ...base, id: 'focused', focus: 'romans', startedAt: T + 3000 },
      { ...base, id: 'daily', countsAgainstLimit: undefined, startedAt: T + 4000 },
      { ...base, id: 'left', startedAt: T - 3 * HOUR },
    ];
    expect(resumableRound(rounds, { subject: 'history', level: 'beginner', mode: 'practice' }, T + 5000)?.id).toBe('newer');
    expect(resumableRound(rounds, { subject: 'history', level: 'beginner', mode: 'practice', focus: 'romans' }, T + 5000)?.id).toBe('focused');
    expect(resumableRound(rounds, { subject: 'history', level: 'beginner', mode: 'competition' }, T + 5000)).toBeUndefined();
    expect(resumableRound(rounds, { subject: 'history', level: 'beginner', mode: 'practice' }, T + 3 * HOUR)).toBeUndefined();
  });
});

describe('the free daily rounds', () => {
  it('counts down to 0, and unlimited stays unlimited', () => {
    expect([roundsLeft(10, 0), roundsLeft(10, 9), roundsLeft(10, 10), roundsLeft(10, 12), roundsLeft(-1, 40)]).toEqual([10, 1, 0, 0, -1]);
  });

  it('counts the account’s own day and resets at its midnight', () => {
    const now = new Date('2026-11-26T16:30:00Z');
    expect(limitDay(now, 'Asia/Tokyo')).toBe('2026-11-27');
    expect(limitDay(now, 'America/Los_Angeles')).toBe('2026-11-26');
    expect(dailyLimitDetails(10, 10, now, 'Asia/Tokyo')).toEqual({ limit: 10, played: 10, resetsAt: '2026-11-27T15:00:00.000Z', timeZone: 'Asia/Tokyo' });
    expect(dailyLimitDetails(10, 10, now, 'America/Los_Angeles').resetsAt).toBe('2026-11-27T08:00:00.000Z');
  });
});

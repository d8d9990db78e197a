import { describe, expect, it } from 'vitest';
import { isoWeekId } from '../dates.ts';
import {
  answerPoints,
  answerVerdict,
  canRegister,
  cardState,
  playerWindowMs,
  QUESTION_LEAD_MS,
  questionSlot,
  rank,
  scheduledEnd,
  tournamentsOfWeek,
  WEEKLY_SCHEDULE,
  type Standing,
} from './schedule.ts';

describe('weekly schedule (2-social §9)', () => {
  it('holds seven named tournaments, one a day, capacities 100–1000 and prizes $250–$2500', () => {
    expect(WEEKLY_SCHEDULE).toHaveLength(7);
    expect(new Set(WEEKLY_SCHEDULE.map((t) => t.weekday)).size).toBe(7);
    expect(new Set(WEEKLY_SCHEDULE.map((t) => t.name)).size).toBe(7);
    const capacities = WEEKLY_SCHEDULE.map((t) => t.capacity);
    expect(Math.min(...capacities)).toBe(100);
    expect(Math.max(...capacities)).toBe(1000);
    const prizes = WEEKLY_SCHEDULE.map((t) => Number(t.prize.slice(1)));
    expect(Math.min(...prizes)).toBe(250);
    expect(Math.max(...prizes)).toBe(2500);
  });

  it.each([
    ['2026-11-23T14:00:00Z', '2026-W48', '2026-11-23T18:00:00.000Z'],
    ['2026-11-29T23:59:59Z', '2026-W48', '2026-11-23T18:00:00.000Z'],
    ['2026-11-30T00:00:00Z', '2026-W49', '2026-11-30T18:00:00.000Z'],
    ['2027-01-01T12:00:00Z', '2026-W53', '2026-12-28T18:00:00.000Z'],
    ['2026-01-01T12:00:00Z', '2026-W01', '2025-12-29T18:00:00.000Z'],
  ])('a week at %s is %s, Monday’s start %s', (at, week, mondayStart) => {
    const week7 = tournamentsOfWeek(new Date(at));
    expect(isoWeekId(new Date(at))).toBe(week);
    expect(week7[0]).toMatchObject({ week, startAt: mondayStart, id: `${week}-capitals-sprint` });
    expect(week7.map((t) => t.startAt)).toEqual([...week7.map((t) => t.startAt)].sort());
    expect(week7[6]!.startAt.slice(0, 10) > week7[5]!.startAt.slice(0, 10)).toBe(true);
  });
});

describe('match clock and time multiplier', () => {
  const clock = { startAt: 0, questionCount: 25, windowMs: 30_000, gapMs: 4_000, maxMultiplier: 1 };
  it.each([
    [1, 0, 30_000],
    [2, 34_000, 64_000],
    [25, 816_000, 846_000],
  ])('question %i opens at %i and closes at %i (×1)', (n, openAt, closeAt) => {
    expect(questionSlot(clock, n)).toEqual({ openAt, closeAt });
  });
  it('the match lasts about the spec’s 847 s at ×1, and stretches when a player has ×2', () => {
    expect(scheduledEnd(clock)).toBe(850_000);
    expect(questionSlot({ ...clock, maxMultiplier: 2 }, 2)).toEqual({ openAt: 64_000, closeAt: 124_000 });
  });
  it.each([
    [1, 30_000],
    [1.5, 45_000],
    [2, 60_000],
    ['none', 60_000],
  ] as const)('a player with ×%s answers within %i ms', (multiplier, ms) => {
    expect(playerWindowMs(30_000, multiplier)).toBe(ms);
  });
});

describe('scoring: 1000 × correct + up to 500 for speed over the player’s own window', () => {
  it.each([
    [true, 0, 30_000, 1500],
    [true, 15_000, 30_000, 1250],
    [true, 30_000, 30_000, 1000],
    [true, 45_000, 30_000, 1000],
    [true, 30_000, 60_000, 1250],
    [true, 1, 30_000, 1500],
    [true, 10_000, 30_000, 1333],
    [false, 0, 30_000, 0],
  ])('correct %s after %i ms of %i → %i', (correct, elapsedMs, windowMs, points) => {
    expect(answerPoints({ correct, elapsedMs, windowMs })).toBe(points);
  });

  it.each([
    [{ at: 1000, openAt: 0, playerWindowMs: 30_000, open: true }, 'accepted'],
    [{ at: 30_000, openAt: 0, playerWindowMs: 30_000, open: true }, 'accepted'],
    [{ at: 30_001, openAt: 0, playerWindowMs: 30_000, open: true }, 'late'],
    [{ at: 50_000, openAt: 0, playerWindowMs: 60_000, open: true }, 'accepted'],
    [{ at: 1000, openAt: 0, playerWindowMs: 30_000, open: false }, 'not_open'],
    [{ at: 1000, openAt: null, playerWindowMs: 30_000, open: true }, 'not_open'],
    [{ at: 1000, openAt: 2000, playerWindowMs: 30_000, open: true }, 'not_open'],
  ] as const)('%o → %s', (input, verdict) => {
    expect(answerVerdict(input)).toBe(verdict);
  });
});

describe('speed from the announced open instant, not from the push', () => {
  // Pushed at 0, announced to open at the lead; each player's answer is timed by the server on arrival.
  const pushedAt = 0;
  const openAt = pushedAt + QUESTION_LEAD_MS;
  const score = (at: number) => {
    const verdict = answerVerdict({ at, openAt, playerWindowMs: 30_000, open: true });
    return verdict === 'accepted' ? answerPoints({ correct: true, elapsedMs: at - openAt, windowMs: 30_000 }) : verdict;
  };

  it('refuses an answer before the instant (a client showing it early, or a faked clock, gains nothing)', () => {
    expect(score(openAt - 1)).toBe('not_open');
    expect(score(pushedAt + 100)).toBe('not_open');
  });

  it('gives the full speed bonus at the instant, however late the push reached the player, and the window runs from it', () => {
    expect(score(openAt)).toBe(1500);
    expect(score(openAt + 15_000)).toBe(1250);
    expect(score(openAt + 30_000)).toBe(1000);
    expect(score(openAt + 30_001)).toBe('late');
  });
});

describe('ranking: score, correct answers, time, registration, id', () => {
  const s = (userId: string, score: number, correct: number, timeMs: number, registeredAt = '2026-01-01T00:00:00Z'): Standing => ({ userId, score, correct, timeMs, registeredAt });
  it('breaks every tie deterministically', () => {
    const ranked = rank([s('e', 2500, 2, 9000), s('d', 2500, 2, 8000), s('c', 3000, 2, 1), s('b', 2500, 3, 99_000), s('a', 2500, 2, 8000, '2025-12-31T00:00:00Z'), s('f', 2500, 2, 8000)]);
    expect(ranked.map((r) => [r.userId, r.rank])).toEqual([
      ['c', 1],
      ['b', 2],
      ['a', 3],
      ['d', 4],
      ['f', 5],
      ['e', 6],
    ]);
  });
  it('gives the same order whatever the input order', () => {
    const input = [s('x', 10, 1, 5), s('y', 10, 1, 5), s('z', 10, 1, 5)];
    expect(rank(input)).toEqual(rank([...input].reverse()));
  });
});

describe('card state (2-social §4)', () => {
  const H = 60 * 60 * 1000;
  const base = { startAt: 100 * H, endAt: 100 * H + 850_000, participants: 10, capacity: 100, matchFinished: false };
  it.each([
    [{ ...base, now: 0 }, 'upcoming', false],
    [{ ...base, now: 52 * H }, 'registration_open', true],
    [{ ...base, now: 99 * H, participants: 100 }, 'full', false],
    [{ ...base, now: 100 * H }, 'active', true],
    [{ ...base, now: 100 * H, participants: 100 }, 'active', false],
    [{ ...base, now: 100 * H + 850_000 }, 'finished', false],
    [{ ...base, now: 100 * H + 1000, matchFinished: true }, 'finished', false],
  ] as const)('%o → %s (can register: %s)', (input, state, registrable) => {
    expect(cardState(input)).toBe(state);
    expect(canRegister(cardState(input), input.participants, input.capacity)).toBe(registrable);
  });
});

import { describe, expect, it } from 'vitest';
import { NEW_CARD, REVIEW_LIMITS, REVIEW_MESSAGES as M, SM2, filterReviewItems, nextReviewAt, nextSchedule, notesRequestSchema, rateRequestSchema, sanitiseNotes, type Rating, type Schedule } from './review.ts';

const card = (repetitions: number, intervalDays: number, ease: number): Schedule => ({ repetitions, intervalDays, ease });

describe('SM-2 (3-learning-and-admin §4, §9)', () => {
  it('starts a card at ease 2.5 with no repetitions', () => {
    expect(NEW_CARD).toEqual({ repetitions: 0, intervalDays: 0, ease: 2.5 });
    expect(SM2).toEqual({ initialEase: 2.5, minEase: 1.3, firstInterval: 1, secondInterval: 6 });
  });

  // Worked by hand: ease' = ease + 0.1 − (5 − q)(0.08 + 0.02(5 − q)):
  // q=4: +0.1 − 1·0.10 = ±0; q=3: +0.1 − 2·0.12 = −0.14; q=2: +0.1 − 3·0.14 = −0.32; q=1: +0.1 − 4·0.16 = −0.54.
  // The interval uses the ease before the review; rounded to whole days.
  it.each<[string, Schedule, Rating, Schedule]>([
    ['new card, 4: first interval 1 day, ease unchanged', card(0, 0, 2.5), 4, card(1, 1, 2.5)],
    ['new card, 3: 1 day, ease 2.5 − 0.14', card(0, 0, 2.5), 3, card(1, 1, 2.36)],
    ['new card, 2: reset, 1 day, ease 2.5 − 0.32', card(0, 0, 2.5), 2, card(0, 1, 2.18)],
    ['new card, 1: reset, 1 day, ease 2.5 − 0.54', card(0, 0, 2.5), 1, card(0, 1, 1.96)],
    ['second success: 6 days', card(1, 1, 2.5), 4, card(2, 6, 2.5)],
    ['second success rated 3: 6 days, ease 2.22', card(1, 1, 2.36), 3, card(2, 6, 2.22)],
    ['third success: 6 × 2.5 = 15 days', card(2, 6, 2.5), 4, card(3, 15, 2.5)],
    ['6 × 2.36 = 14.16 → 14 days', card(2, 6, 2.36), 4, card(3, 14, 2.36)],
    ['15 × 2.36 = 35.4 → 35 days, then ease 2.22', card(3, 15, 2.36), 3, card(4, 35, 2.22)],
    ['5 × 2.5 = 12.5 → 13 days (half rounds up)', card(2, 5, 2.5), 4, card(3, 13, 2.5)],
    ['a lapse after 40 days: repetitions 0, 1 day, ease 2.18', card(5, 40, 2.5), 2, card(0, 1, 2.18)],
    ['ease floor: 1.4 − 0.14 = 1.26 → 1.3; interval 6 × 1.4 = 8.4 → 8', card(2, 6, 1.4), 3, card(3, 8, 1.3)],
    ['ease floor: 1.3 − 0.54 stays 1.3', card(3, 10, 1.3), 1, card(0, 1, 1.3)],
    ['at the floor, 4: 10 × 1.3 = 13 days', card(3, 10, 1.3), 4, card(4, 13, 1.3)],
    ['1.5 rated 2: 1.18 → 1.3', card(1, 1, 1.5), 2, card(0, 1, 1.3)],
  ])('%s', (_, before, rating, after) => {
    expect(nextSchedule(before, rating)).toEqual(after);
  });

  it('keeps a card rated 4 each time at 1, 6, 15, 38 days', () => {
    const intervals: number[] = [];
    let current = NEW_CARD;
    for (let i = 0; i < 4; i++) {
      current = nextSchedule(current, 4);
      intervals.push(current.intervalDays);
    }
    expect(intervals).toEqual([1, 6, 15, 38]);
  });

  it('dates the next review interval days after the rating', () => {
    expect(nextReviewAt(new Date('2026-03-01T10:00:00.000Z'), 6).toISOString()).toBe('2026-03-07T10:00:00.000Z');
    expect(nextReviewAt(new Date('2026-03-01T10:00:00.000Z'), 1).toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });

  it.each([
    [{ rating: 1 }, true],
    [{ rating: 4 }, true],
    [{ rating: 0 }, false],
    [{ rating: 5 }, false],
    [{ rating: 2.5 }, false],
    [{ rating: '3' }, false],
    [{}, false],
  ])('rating %j valid: %s', (body, valid) => {
    expect(rateRequestSchema.safeParse(body).success).toBe(valid);
  });
});

describe('Review notes (§5)', () => {
  const error = (body: unknown) => {
    const result = notesRequestSchema.safeParse(body);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it.each([
    [{ notes: '' }, null],
    [{ notes: 'a'.repeat(REVIEW_LIMITS.notesMax) }, null],
    [{ notes: 'a'.repeat(5001) }, M.notesTooLong],
    [{ notes: 42 }, M.notesFormat],
    [{ notes: null }, M.notesFormat],
    [{ notes: ['x'] }, M.notesFormat],
    [{}, M.notesFormat],
  ])('%#: %j', (body, message) => {
    expect(error(body)).toBe(message);
  });

  it('says the spec’s messages', () => {
    expect(M.notesTooLong).toBe('Notes too long (maximum 5000 characters)');
    expect(M.notesFormat).toBe('Invalid notes format');
  });

  // Notes are shown as text (a textarea's value): what the student wrote is kept, markup included.
  it.each([
    ['Remember: <b>Warsaw</b>', 'Remember: <b>Warsaw</b>'],
    ['<<b>img src=x onerror=alert(1)>note', '<<b>img src=x onerror=alert(1)>note'],
    ['a < b > c', 'a < b > c'],
    ['  line one\r\nline two\n\n\n\nline three  ', 'line one\nline two\n\nline three'],
    ['zero\u200Bwidth\u0007bell\u202Edir', 'zerowidthbelldir'],
    ['', ''],
  ])('sanitises %j', (raw, clean) => {
    expect(sanitiseNotes(raw)).toBe(clean);
  });
});

describe('Review Mode search and filters (§2)', () => {
  const items = [
    { question: 'What is the capital of Poland?', correctAnswer: 'Warsaw', notes: '', subject: 'geography', level: 'beginner' },
    { question: 'Who founded Rome?', correctAnswer: 'Romulus', notes: 'the twins', subject: 'history', level: 'advanced' },
    { question: 'Where is Mecca?', correctAnswer: 'Saudi Arabia', notes: '', subject: 'religion', level: 'beginner' },
  ] as const;

  it.each([
    [{ search: '', subject: 'all', level: 'all' }, 3],
    [{ search: 'CAPITAL', subject: 'all', level: 'all' }, 1],
    [{ search: 'twins', subject: 'all', level: 'all' }, 1],
    [{ search: 'warsaw', subject: 'all', level: 'all' }, 1],
    [{ search: '', subject: 'history', level: 'all' }, 1],
    [{ search: '', subject: 'all', level: 'beginner' }, 2],
    [{ search: 'rome', subject: 'geography', level: 'all' }, 0],
    [{ search: '   ', subject: 'religion', level: 'beginner' }, 1],
  ] as const)('%j finds %i', (filters, count) => {
    expect(filterReviewItems(items, filters)).toHaveLength(count);
  });
});

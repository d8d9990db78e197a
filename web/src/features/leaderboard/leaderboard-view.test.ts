import { describe, expect, it } from 'vitest';
import { compareWith, filtersFrom, leadText } from './leaderboard-view.ts';

describe('filtersFrom', () => {
  it.each([
    ['', { period: 'week', subject: 'all' }],
    ['?period=day&subject=history', { period: 'day', subject: 'history' }],
    ['?period=year&subject=math', { period: 'week', subject: 'all' }],
    ['?period=all', { period: 'all', subject: 'all' }],
  ])('%s → %j', (query, filters) => expect(filtersFrom(new URLSearchParams(query))).toEqual(filters));
});

describe('compareWith', () => {
  const entries = [
    { rank: 1, user_id: 'f', name: 'f@x.io', points: 300, quizzes: 3, is_me: false },
    { rank: 2, user_id: 'me', name: 'me@x.io', points: 120, quizzes: 1, is_me: true },
  ];
  it('puts the user and the friend side by side', () => {
    expect(compareWith(entries, 'f')).toMatchObject({ me: { user_id: 'me' }, friend: { user_id: 'f' }, lead: -180 });
  });
  it('finds no friend for someone who is not one', () => expect(compareWith(entries, 'stranger').friend).toBeUndefined());
  it.each([
    [0, 'You and f@x.io are level.'],
    [1200, 'You lead f@x.io by 1,200 points.'],
    [-180, 'f@x.io leads you by 180 points.'],
  ])('lead %i', (lead, text) => expect(leadText(lead, 'f@x.io')).toBe(text));
});

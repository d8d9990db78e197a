import { describe, expect, it } from 'vitest';
import type { ChallengeView } from '#shared/social/social-api.ts';
import { awaitingResult, challengeCard, challengePlayPath, challengesNeedingMe, lastActiveText, scoreText, tabFromSearch, timeLimitText } from './friends-view.ts';

const ME = 'me-id';
const FRIEND = 'friend-id';
const NOW = Date.parse('2026-11-23T12:00:00Z');
const LATER = '2026-11-30T12:00:00.000Z';

function challenge(overrides: Partial<ChallengeView> = {}): ChallengeView {
  return {
    id: 'a'.repeat(24),
    challenger_id: ME,
    challenged_id: FRIEND,
    challenger_email: 'me@example.com',
    challenged_email: 'friend@example.com',
    subject: 'history',
    level: 'beginner',
    question_count: 10,
    time_limit: 300,
    message: '',
    status: 'pending',
    expires_at: LATER,
    created_at: '2026-11-23T11:00:00.000Z',
    challenger_score: null,
    challenged_score: null,
    winner: null,
    own: true,
    played: false,
    ...overrides,
  };
}
const received = (overrides: Partial<ChallengeView> = {}) => challenge({ challenger_id: FRIEND, challenged_id: ME, challenger_email: 'friend@example.com', challenged_email: 'me@example.com', own: false, ...overrides });

describe('tabs', () => {
  it.each([
    [null, 'friends'],
    ['challenges', 'challenges'],
    ['requests', 'requests'],
    ['activity', 'activity'],
    ['nonsense', 'friends'],
  ] as const)('?tab=%s opens %s', (value, tab) => expect(tabFromSearch(value)).toBe(tab));
});

describe('timeLimitText (180, 300, 600 seconds or 0)', () => {
  it.each([
    [180, '3 minutes'],
    [300, '5 minutes'],
    [600, '10 minutes'],
    [0, 'No time limit'],
    [60, '1 minute'],
  ])('%i s → %s', (seconds, text) => expect(timeLimitText(seconds)).toBe(text));
});

describe('lastActiveText', () => {
  it.each([
    [null, 'Not active yet'],
    ['2026-11-23', 'Today'],
    ['2026-11-22', 'Yesterday'],
    ['2026-11-17', '6 days ago'],
    ['2026-11-16', 'Nov 16, 2026'],
  ])('%s → %s', (day, text) => expect(lastActiveText(day, '2026-11-23')).toBe(text));
});

describe('challengeCard: what the viewer sees and may do', () => {
  it.each<[string, ChallengeView, string, string]>([
    ['received and pending: accept or decline', received(), 'respond', 'Pending'],
    ['sent and pending: wait for the answer', challenge(), 'awaiting-answer', 'Pending'],
    ['accepted, not played: start', challenge({ status: 'accepted' }), 'play', 'Accepted'],
    ['accepted and played: wait for the friend', received({ status: 'accepted', played: true }), 'awaiting-friend', 'Accepted'],
    ['declined', challenge({ status: 'declined' }), 'declined', 'Declined'],
    ['expired by the server', received({ status: 'expired' }), 'expired', 'Expired'],
    ['expired while the page was open', received({ expires_at: '2026-11-23T11:59:59.000Z' }), 'expired', 'Expired'],
    ['accepted but past its 7 days', challenge({ status: 'accepted', expires_at: '2026-11-23T12:00:00.000Z' }), 'expired', 'Expired'],
    ['completed stays completed after expiry', challenge({ status: 'completed', expires_at: '2026-11-20T00:00:00.000Z' }), 'completed', 'Completed'],
  ])('%s', (_name, view, stage, status) => {
    const card = challengeCard(view, ME, NOW);
    expect(card.stage).toBe(stage);
    expect(card.statusText).toBe(status);
  });

  it('names the other player and gives each side its own score', () => {
    const card = challengeCard(
      received({ status: 'completed', challenger_score: { score: 3, total: 5, completedAt: '' }, challenged_score: { score: 4, total: 5, completedAt: '' }, winner: ME }),
      ME,
      NOW,
    );
    expect(card).toMatchObject({ friendEmail: 'friend@example.com', outcome: 'won', resultText: 'You won!' });
    expect(scoreText(card.myScore)).toBe('4 / 5');
    expect(scoreText(card.friendScore)).toBe('3 / 5');
  });

  it.each<[string | null, string, string]>([
    [ME, 'won', 'You won!'],
    [FRIEND, 'lost', 'friend@example.com won'],
    [null, 'tie', "It's a tie"],
  ])('winner %s → %s', (winner, outcome, text) => {
    const card = challengeCard(challenge({ status: 'completed', winner }), ME, NOW);
    expect(card.outcome).toBe(outcome);
    expect(card.resultText).toBe(text);
  });

  it('no result before completion', () => expect(challengeCard(challenge({ status: 'accepted', played: true }), ME, NOW).resultText).toBeNull());
});

describe('badges and refresh', () => {
  const list = [
    received(),
    challenge({ status: 'accepted' }),
    received({ status: 'accepted', played: true }),
    challenge(),
    received({ status: 'expired' }),
    challenge({ status: 'completed', winner: null }),
  ];
  it('counts what waits for the viewer: to answer or to play', () => expect(challengesNeedingMe(list, ME, NOW)).toBe(2));
  it('polls while a played challenge waits for the friend', () => {
    expect(awaitingResult(list, NOW)).toBe(true);
    expect(awaitingResult([challenge({ status: 'accepted' }), challenge({ status: 'completed', played: true })], NOW)).toBe(false);
  });
  it('Start Challenge opens the quiz with the challenge id', () =>
    expect(challengePlayPath({ id: 'b'.repeat(24), subject: 'geography', level: 'advanced' })).toBe(`/quiz/geography/advanced?challenge=${'b'.repeat(24)}`));
  it('scoreText before play', () => expect(scoreText(null)).toBe('Not played yet'));
});

import { describe, expect, it } from 'vitest';
import { achievementText, challengeFinishedText, challengeReceivedText, friendRequestText } from './texts.ts';

describe('notification texts', () => {
  it('names the achievement from the catalogue', () => {
    expect(achievementText('streak_3')).toMatchObject({ title: 'Achievement unlocked!', message: '🔥 On a Roll: Complete quizzes 3 days in a row', priority: 'medium' });
    expect(achievementText('unknown').message).toBe('You unlocked a new achievement.');
  });

  it('a friend request names the sender and leads to /friends', () => {
    expect(friendRequestText('a@example.com')).toMatchObject({ message: 'a@example.com sent you a friend request.', actionUrl: '/friends', actionText: 'View Request' });
  });

  it('a challenge received is high priority and opens the challenges tab', () => {
    expect(challengeReceivedText({ challengerEmail: 'a@example.com', subject: 'geography', level: 'beginner', questionCount: 10 })).toEqual({
      title: 'New challenge',
      message: 'a@example.com challenged you to 10 questions of Geography (Beginner).',
      priority: 'high',
      actionUrl: '/friends?tab=challenges',
      actionText: 'View Challenge',
    });
  });

  it.each([
    ['won', 'You won 8/10 to 6/10 in History (Expert).'],
    ['lost', 'You lost 8/10 to 6/10 in History (Expert).'],
    ['tie', 'It’s a tie, 8/10 to 6/10 in History (Expert).'],
  ] as const)('a finished challenge the player %s', (outcome, message) => {
    expect(challengeFinishedText({ subject: 'history', level: 'expert', mine: { score: 8, total: 10 }, theirs: { score: 6, total: 10 }, outcome }).message).toBe(message);
  });
});

import type { EventBridgeEvent } from 'aws-lambda';
import { envelopeSchema } from '#events/catalogue.ts';
import { challengeWinner } from '#shared/social/friend-challenge.ts';
import { completeChallenge, getChallenge, recordAttempt, type Challenge } from './data/challenges.ts';
import { publish } from '../lib/publish.ts';
import { eventHandler } from '../lib/instrument.ts';

const quizCompleted = envelopeSchema('QuizCompleted');

/**
 * QuizCompleted of a challenge round → the player's score on the challenge (once, from
 * the round the player claimed). When both scores are in, the challenge completes with its
 * winner and ChallengeFinished goes out. A redelivery finds the score recorded and, if the
 * challenge is complete, announces it again: consumers of ChallengeFinished count a
 * challenge once by its id, so a lost publish is never a lost result.
 */
export const handler = eventHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const { detail } = quizCompleted.parse(event);
  if (!detail.challengeId) return;
  const challenge = await getChallenge(detail.challengeId);
  if (!challenge) return;
  const side = challenge.challengerId === detail.userId ? 'challenger' : challenge.challengedId === detail.userId ? 'challenged' : undefined;
  if (!side) return;

  const recorded = (await recordAttempt(challenge.id, side, detail.attemptId, { score: detail.score, total: detail.total, completedAt: detail.completedAt })) ?? (await getChallenge(challenge.id));
  if (!recorded?.attempts.challenger || !recorded.attempts.challenged) return;
  const winnerId = challengeWinner(
    { userId: recorded.challengerId, ...recorded.attempts.challenger },
    { userId: recorded.challengedId, ...recorded.attempts.challenged },
  );
  const completed = (await completeChallenge(recorded.id, winnerId, new Date())) ?? (await getChallenge(recorded.id));
  if (completed?.status === 'completed') await announce(completed);
});

async function announce(challenge: Challenge): Promise<void> {
  const { challenger, challenged } = challenge.attempts;
  await publish('ChallengeFinished', {
    challengeId: challenge.id,
    challengerId: challenge.challengerId,
    challengedId: challenge.challengedId,
    subject: challenge.subject,
    level: challenge.level,
    challengerScore: { score: challenger!.score, total: challenger!.total },
    challengedScore: { score: challenged!.score, total: challenged!.total },
    winnerId: challenge.winnerId ?? null,
    completedAt: [challenger!.completedAt, challenged!.completedAt].sort().at(-1)!,
  });
}

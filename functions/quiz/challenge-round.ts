import type { Profile } from '#shared/api.ts';
import type { StartRoundInput } from '#shared/quiz/contracts.ts';
import { CHALLENGE_MESSAGES as M, isExpired } from '#shared/social/friend-challenge.ts';
import { claimRound, getChallenge, type Side } from '../data/challenges.ts';
import { timeMultiplierOfProfile } from '../data/profiles.ts';
import type { NewRound } from '../data/rounds.ts';
import { Conflict, Gone, NotFound } from '../lib/errors.ts';
import { newRoundId, timedRound } from './build-round.ts';

/**
 * A friend challenge's round for one of its players: the challenge's own questions and
 * time limit (0: none; otherwise times the player's own multiplier), claimed once per player, so neither can play it twice or pick
 * other questions.
 */
export async function challengeRound(profile: Profile, request: StartRoundInput & { challengeId: string }, now: Date): Promise<NewRound> {
  const challenge = await getChallenge(request.challengeId);
  const side: Side | undefined = challenge?.challengerId === profile.user_id ? 'challenger' : challenge?.challengedId === profile.user_id ? 'challenged' : undefined;
  if (!challenge || !side || challenge.subject !== request.subject || challenge.level !== request.level) throw new NotFound(M.notFound);
  if (challenge.rounds[side] || challenge.status === 'completed') throw new Conflict(M.alreadyPlayed, 'challenge_played');
  if (isExpired(Date.parse(challenge.expiresAt), now.getTime())) throw new Gone(M.expired, 'challenge_expired');
  if (challenge.status !== 'accepted') throw new Conflict(M.notAccepted, 'challenge_not_accepted');

  const roundId = newRoundId();
  if (!(await claimRound(challenge, side, roundId, now))) throw new Conflict(M.alreadyPlayed, 'challenge_played');
  const startedAt = now.getTime();
  return {
    roundId,
    userId: profile.user_id,
    subject: challenge.subject,
    level: challenge.level,
    mode: 'practice',
    questions: challenge.questions,
    answers: [],
    startedAt,
    ...(challenge.timeLimitSec > 0 ? timedRound(startedAt, challenge.timeLimitSec, timeMultiplierOfProfile(profile)) : { deadline: null }),
    status: 'active',
    challengeId: challenge.id,
  };
}

import type { Profile } from '#shared/api.ts';
import type { StartRoundInput } from '#shared/quiz/contracts.ts';
import { CHALLENGE_MESSAGES as M, isExpired } from '#shared/social/friend-challenge.ts';
import { claimRound, getChallenge, type Side } from '../social/data/challenges.ts';
import { timeMultiplierOfProfile } from '../profile/data/profiles.ts';
import { isRoundOpen } from '#shared/quiz/round-life.ts';
import { getRound, type NewRound, type StoredRound } from './data/rounds.ts';
import { Conflict, Gone, NotFound } from '../lib/errors.ts';
import { newRoundId, timedRound } from './build-round.ts';

/**
 * The caller's round of this challenge, claimed and still open: a reload or a second tab
 * resumes it instead of being refused as already played (it is one round, played once).
 */
export async function openChallengeRound(profile: Profile, challengeId: string, now: Date): Promise<StoredRound | undefined> {
  const challenge = await getChallenge(challengeId);
  const side: Side | undefined = challenge?.challengerId === profile.user_id ? 'challenger' : challenge?.challengedId === profile.user_id ? 'challenged' : undefined;
  const roundId = side ? challenge?.rounds[side] : undefined;
  const round = roundId ? await getRound(profile.user_id, roundId) : undefined;
  return round?.status === 'active' && round.challengeId === challengeId && isRoundOpen(round, now.getTime()) ? round : undefined;
}

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

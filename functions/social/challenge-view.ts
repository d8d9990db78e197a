import { isExpired } from '#shared/social/friend-challenge.ts';
import type { Challenge } from './data/challenges.ts';

/** A challenge as its players see it (docs/social.md): never the questions. */
export function challengeView(challenge: Challenge, viewerId: string, now: Date) {
  const expired = challenge.status !== 'completed' && isExpired(Date.parse(challenge.expiresAt), now.getTime());
  return {
    id: challenge.id,
    challenger_id: challenge.challengerId,
    challenged_id: challenge.challengedId,
    challenger_email: challenge.challengerEmail,
    challenged_email: challenge.challengedEmail,
    subject: challenge.subject,
    level: challenge.level,
    question_count: challenge.questionCount,
    time_limit: challenge.timeLimitSec,
    message: challenge.message,
    status: expired ? ('expired' as const) : challenge.status,
    expires_at: challenge.expiresAt,
    created_at: challenge.createdAt,
    challenger_score: challenge.attempts.challenger ?? null,
    challenged_score: challenge.attempts.challenged ?? null,
    winner: challenge.status === 'completed' ? (challenge.winnerId ?? null) : null,
    own: challenge.challengerId === viewerId,
    played: Boolean(challenge.rounds[challenge.challengerId === viewerId ? 'challenger' : 'challenged']),
  };
}

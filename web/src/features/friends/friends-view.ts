import { daysBetween } from '#shared/dates.ts';
import { isExpired } from '#shared/social/friend-challenge.ts';
import type { ChallengeView } from '#shared/social/social-api.ts';

/** The /friends tabs (docs/social.md); `?tab=challenges` opens the challenges tab. */
export const FRIENDS_TABS = [
  { id: 'friends', label: 'Friends' },
  { id: 'requests', label: 'Requests' },
  { id: 'challenges', label: 'Challenges' },
  { id: 'activity', label: 'Activity Feed' },
] as const;
export type FriendsTab = (typeof FRIENDS_TABS)[number]['id'];

export function tabFromSearch(value: string | null): FriendsTab {
  return FRIENDS_TABS.find((tab) => tab.id === value)?.id ?? 'friends';
}

/** 180 → 3 minutes; 0 → No time limit. */
export function timeLimitText(seconds: number): string {
  if (seconds <= 0) return 'No time limit';
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** A friend's last active day (YYYY-MM-DD, UTC) as people say it. */
export function lastActiveText(day: string | null, todayUtc: string): string {
  if (!day) return 'Not active yet';
  const behind = daysBetween(day, todayUtc);
  if (behind <= 0) return 'Today';
  if (behind === 1) return 'Yesterday';
  if (behind < 7) return `${behind} days ago`;
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
}

export type ChallengeStage =
  /** Sent to the viewer, still open: Accept Challenge or Decline. */
  | 'respond'
  /** The viewer sent it; the friend has not answered. */
  | 'awaiting-answer'
  /** Accepted, the viewer has not played: Start Challenge. */
  | 'play'
  /** The viewer has played; the friend has not finished. */
  | 'awaiting-friend'
  | 'completed'
  | 'declined'
  | 'expired';

export type Outcome = 'won' | 'lost' | 'tie';

export interface ChallengeCardView {
  stage: ChallengeStage;
  /** The other player's e-mail. */
  friendEmail: string;
  statusText: string;
  myScore: ChallengeView['challenger_score'];
  friendScore: ChallengeView['challenger_score'];
  outcome: Outcome | null;
  /** Who won, as a sentence: You won! / friend@… won / It's a tie (no winner). */
  resultText: string | null;
}

const STATUS_TEXT: Record<ChallengeStage, string> = {
  respond: 'Pending',
  'awaiting-answer': 'Pending',
  play: 'Accepted',
  'awaiting-friend': 'Accepted',
  completed: 'Completed',
  declined: 'Declined',
  expired: 'Expired',
};

/** What one challenge card shows and offers, for the viewer (docs/social.md). */
export function challengeCard(challenge: ChallengeView, viewerId: string, nowMs: number): ChallengeCardView {
  const mine = challenge.own ? 'challenger' : 'challenged';
  const theirs = challenge.own ? 'challenged' : 'challenger';
  const friendEmail = challenge.own ? challenge.challenged_email : challenge.challenger_email;
  // The server marks expiry when it answers; a page left open crosses it too.
  const expired = challenge.status === 'expired' || (challenge.status !== 'completed' && isExpired(Date.parse(challenge.expires_at), nowMs));
  const stage: ChallengeStage = expired
    ? 'expired'
    : challenge.status === 'completed'
      ? 'completed'
      : challenge.status === 'declined'
        ? 'declined'
        : challenge.status === 'pending'
          ? challenge.own
            ? 'awaiting-answer'
            : 'respond'
          : challenge.played
            ? 'awaiting-friend'
            : 'play';
  const outcome: Outcome | null = stage !== 'completed' ? null : challenge.winner === null ? 'tie' : challenge.winner === viewerId ? 'won' : 'lost';
  const resultText = outcome === null ? null : outcome === 'tie' ? "It's a tie" : outcome === 'won' ? 'You won!' : `${friendEmail} won`;
  return {
    stage,
    friendEmail,
    statusText: STATUS_TEXT[stage],
    myScore: challenge[`${mine}_score`],
    friendScore: challenge[`${theirs}_score`],
    outcome,
    resultText,
  };
}

/** Where Start Challenge goes. */
export const challengePlayPath = (challenge: Pick<ChallengeView, 'id' | 'subject' | 'level'>): string =>
  `/quiz/${challenge.subject}/${challenge.level}?challenge=${encodeURIComponent(challenge.id)}`;

/** The Challenges tab's badge: challenges waiting for the viewer (to answer or to play). */
export function challengesNeedingMe(challenges: ChallengeView[], viewerId: string, nowMs: number): number {
  return challenges.filter((c) => {
    const stage = challengeCard(c, viewerId, nowMs).stage;
    return stage === 'respond' || stage === 'play';
  }).length;
}

/** True while a result may arrive any moment (the viewer played, the friend has not finished). */
export function awaitingResult(challenges: ChallengeView[], nowMs: number): boolean {
  return challenges.some((c) => c.status === 'accepted' && c.played && !isExpired(Date.parse(c.expires_at), nowMs));
}

/** "4 / 5" or "Not played yet". */
export const scoreText = (score: ChallengeView['challenger_score']): string => (score ? `${score.score} / ${score.total}` : 'Not played yet');

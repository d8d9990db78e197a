import { DEADLINE_GRACE_MS } from './contracts.ts';

/**
 * How long a round stays in play (the spec gives no number; these are ours, docs/quiz.md). One rule for
 * everything that asks "is this round still being played?": resuming it after a reload,
 * accepting its answers, and holding its unanswered questions back from Review and cards.
 *
 * - A timed round is open until its deadline (plus the network grace answers get).
 * - An untimed round is open while it is being played: until 2 hours after its last
 *   answer (or its start), and never more than a day after it started. A competition
 *   played with No time limit (an accessibility choice) is not cut off for a pause: it is
 *   open for the whole day.
 * - A daily challenge round can be resumed all through its day (the daily challenge's own
 *   flow), so it is open, and holds its questions, for a day from its start.
 * - A round that is no longer open has been left: it takes no more answers, and once it
 *   has been closed a minute (so a finish racing its end still wins) it is settled.
 */
export const ROUND_IDLE_MS = 2 * 60 * 60 * 1000;
export const ROUND_MAX_MS = 24 * 60 * 60 * 1000;
export const SETTLE_AFTER_MS = 60 * 1000;

export interface RoundClock {
  startedAt: number;
  deadline: number | null;
  answers: readonly { answeredAt: number }[];
  timeMultiplier?: number | 'none' | undefined;
  daily?: unknown;
}

/** The last instant the round takes an answer. */
export function roundOpenUntil(round: RoundClock): number {
  if (round.deadline !== null) return round.deadline + DEADLINE_GRACE_MS;
  if (round.daily) return round.startedAt + ROUND_MAX_MS;
  const lastActivity = round.answers.reduce((latest, answer) => Math.max(latest, answer.answeredAt), round.startedAt);
  const idle = round.timeMultiplier === 'none' ? ROUND_MAX_MS : ROUND_IDLE_MS;
  return Math.min(lastActivity + idle, round.startedAt + ROUND_MAX_MS);
}

export const isRoundOpen = (round: RoundClock, now: number): boolean => now <= roundOpenUntil(round);

/** Left long enough to settle (its misses become cards) without racing a last finish. */
export const isRoundLeft = (round: RoundClock, now: number): boolean => now > roundOpenUntil(round) + SETTLE_AFTER_MS;

/** Where a resumed round goes on: its next question, and the score of the answers so far. */
export function resumePoint(round: { answers: readonly { correct: boolean }[] }): { answered: number; score: number } {
  return { answered: round.answers.length, score: round.answers.filter((answer) => answer.correct).length };
}

/** What a start asks for, and what an ordinary round was started with. */
interface RoundSettings {
  subject: string;
  level: string;
  mode: string;
  focus?: string | undefined;
}

/**
 * The round a start resumes: an ordinary round still open with the same subject, level,
 * mode and focus, the latest if a second tab started two. A reload, a second tab and a
 * return from the dashboard all land on it, at its next question, with the same deadline.
 */
export function resumableRound<R extends RoundClock & RoundSettings & { countsAgainstLimit?: boolean }>(rounds: readonly R[], wanted: RoundSettings, now: number): R | undefined {
  return rounds
    .filter((r) => r.countsAgainstLimit === true && r.subject === wanted.subject && r.level === wanted.level && r.mode === wanted.mode && (r.focus ?? null) === (wanted.focus ?? null))
    .filter((r) => isRoundOpen(r, now))
    .sort((a, b) => b.startedAt - a.startedAt)[0];
}

import { publicName } from '#shared/social/leaderboard.ts';
import type { RankingRow, TournamentView } from '#shared/tournaments/api.ts';
import { cardState, scheduledEnd, type MatchClock, type RankedStanding } from '#shared/tournaments/schedule.ts';
import type { StoredPlayer, StoredStandings, StoredTournament } from './data/tournaments.ts';

/** How late the runner may be before a card shows a match that never finished as Finished anyway. */
const END_GRACE_MS = 2 * 60_000;

export const clockOf = (t: StoredTournament): MatchClock => ({
  startAt: Date.parse(t.start_at),
  questionCount: t.question_count,
  windowMs: t.window_ms,
  gapMs: t.gap_ms,
  maxMultiplier: t.max_multiplier,
});

export function toTournamentView(t: StoredTournament, registered: boolean, now: Date): TournamentView {
  const endAt = scheduledEnd(clockOf(t));
  // Started once its first question has opened (a match handed to the runner still waits for its start).
  const started = t.match_status === 'open' || t.match_status === 'closed' || t.match_status === 'finished';
  return {
    id: t.id,
    kind: t.kind,
    name: t.name,
    description: t.description,
    subject: t.subject,
    level: t.level,
    start_at: t.start_at,
    end_at: new Date(endAt).toISOString(),
    capacity: t.capacity,
    participants: t.participants,
    prize: t.prize,
    entry_fee: t.entry_fee,
    question_count: t.question_count,
    state: cardState({
      now: now.getTime(),
      // A match the runner has started is active, even a moment before its nominal start.
      startAt: started ? Math.min(Date.parse(t.start_at), now.getTime()) : Date.parse(t.start_at),
      endAt: started && t.match_status !== 'finished' ? Math.max(endAt + END_GRACE_MS, now.getTime() + 1) : endAt + END_GRACE_MS,
      participants: t.participants,
      capacity: t.capacity,
      matchFinished: t.match_status === 'finished',
    }),
    is_registered: registered,
  };
}

/** A standings row as everyone sees it: the player's public name (2 characters and a mask). */
export function rankingRow(s: Pick<RankedStanding, 'rank' | 'score' | 'correct'> & { email: string; userId: string }, me?: string): RankingRow {
  return { rank: s.rank, player: publicName(s.email), score: s.score, correct: s.correct, ...(me ? { is_me: s.userId === me } : {}) };
}

export function topRows(standings: StoredStandings | undefined, me: string): RankingRow[] {
  return (standings?.top ?? []).map((row) => ({ rank: row.rank, player: row.player, score: row.score, correct: row.correct, is_me: row.user_id === me }));
}

export const playerStanding = (p: StoredPlayer) => ({ userId: p.userId, score: p.score, correct: p.correct, timeMs: p.timeMs, registeredAt: p.registeredAt });

import * as z from 'zod';
import { SUBJECTS } from '../constants.ts';
import { DAY_MS, utcDate, weekStart } from '../dates.ts';

/** Leaderboards (docs/social.md): periods, buckets, ranking. */

export const LEADERBOARD_PERIODS = ['day', 'week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_SCOPES = ['all', ...SUBJECTS] as const;
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number];

export const LEADERBOARD_LIMIT = 100;
export const DEFAULT_PERIOD: LeaderboardPeriod = 'week';
/** The friend widget offers three periods; the global board adds Last 24 Hours. */
export const FRIEND_PERIODS = ['week', 'month', 'all'] as const satisfies readonly LeaderboardPeriod[];

export const PERIOD_LABEL: Record<LeaderboardPeriod, string> = {
  day: 'Last 24 Hours',
  week: 'This Week',
  month: 'This Month',
  all: 'All Time',
};

export const LEADERBOARD_MESSAGES = { loadFailed: 'Failed to load leaderboard' } as const;

/**
 * The pre-aggregated bucket an instant falls in, per period, in UTC: totals per player
 * are kept per bucket so a top 100 is one bounded read. "Last 24 Hours" is kept as the
 * UTC day (a rolling window cannot be pre-aggregated without re-reading attempts); This
 * Week starts on Monday (ISO), This Month on the 1st.
 */
export function periodBucket(period: LeaderboardPeriod, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  switch (period) {
    case 'day':
      return `D${day}`;
    case 'week':
      return `W${utcDate(weekStart(at))}`;
    case 'month':
      return `M${day.slice(0, 7)}`;
    case 'all':
      return 'ALL';
  }
}

/** When a bucket's totals are of no more use (epoch ms), or undefined for all-time totals. */
export function bucketExpiry(period: LeaderboardPeriod, at: Date): number | undefined {
  const keep = { day: 3 * DAY_MS, week: 15 * DAY_MS, month: 70 * DAY_MS } as const;
  return period === 'all' ? undefined : at.getTime() + keep[period];
}

export interface Standing {
  userId: string;
  name: string;
  points: number;
  quizzes: number;
}

export interface RankedStanding extends Standing {
  rank: number;
}

/**
 * Highest points first; equal points share a rank and the next rank skips (1, 1, 3).
 * Within a tie the order is by name, so it does not change between two reads.
 */
export function rankStandings(standings: readonly Standing[], limit = LEADERBOARD_LIMIT): RankedStanding[] {
  const sorted = [...standings].sort((a, b) => b.points - a.points || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  return sorted.slice(0, limit).map((s, i, all) => {
    let first = i;
    while (first > 0 && all[first - 1]!.points === s.points) first--;
    return { ...s, rank: first + 1 };
  });
}

/**
 * The public board names players without giving their address away: the first two
 * characters of the e-mail's local part and a mask. Friends see each other's e-mails.
 */
export function publicName(email: string): string {
  const local = email.split('@')[0] ?? '';
  return `${local.slice(0, 2)}•••`;
}

/** Points are zero-padded into index sort keys, so string order is numeric order. */
export const pointsSortKey = (points: number, userId: string): string => `${String(Math.max(0, Math.trunc(points))).padStart(10, '0')}#${userId}`;

export const globalLeaderboardQuerySchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS).default(DEFAULT_PERIOD),
  subject: z.enum(LEADERBOARD_SCOPES).default('all'),
});

export const friendLeaderboardQuerySchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS).default(DEFAULT_PERIOD),
});

export const leaderboardEntrySchema = z.object({
  rank: z.number().int().min(1),
  user_id: z.string().min(1),
  name: z.string(),
  points: z.number().int().min(0),
  quizzes: z.number().int().min(0),
  is_me: z.boolean().optional(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardResponseSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  subject: z.enum(LEADERBOARD_SCOPES),
  entries: z.array(leaderboardEntrySchema),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;

import { SUBJECTS } from '#shared/constants.ts';
import { DEFAULT_PERIOD, LEADERBOARD_PERIODS, LEADERBOARD_SCOPES, type LeaderboardEntry, type LeaderboardPeriod, type LeaderboardScope } from '#shared/social/leaderboard.ts';

/** The board's filters from the address (?period=&subject=), falling back to This Week and All. */
export function filtersFrom(search: URLSearchParams): { period: LeaderboardPeriod; subject: LeaderboardScope } {
  const period = search.get('period');
  const subject = search.get('subject');
  return {
    period: (LEADERBOARD_PERIODS as readonly string[]).includes(period ?? '') ? (period as LeaderboardPeriod) : DEFAULT_PERIOD,
    subject: (LEADERBOARD_SCOPES as readonly string[]).includes(subject ?? '') ? (subject as LeaderboardScope) : 'all',
  };
}

export const SUBJECT_OPTIONS: { value: LeaderboardScope; label: string }[] = [
  { value: 'all', label: 'All Subjects' },
  ...SUBJECTS.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) })),
];

export interface Comparison {
  me?: LeaderboardEntry;
  friend?: LeaderboardEntry;
  /** Points the user is ahead by (negative: behind). */
  lead?: number;
}

/** The user and one friend side by side, from the friend board of the period. */
export function compareWith(entries: readonly LeaderboardEntry[], friendId: string): Comparison {
  const me = entries.find((e) => e.is_me);
  const friend = entries.find((e) => e.user_id === friendId && !e.is_me);
  return { me, friend, lead: me && friend ? me.points - friend.points : undefined };
}

export const leadText = (lead: number, friendName: string): string =>
  lead === 0 ? `You and ${friendName} are level.` : lead > 0 ? `You lead ${friendName} by ${lead.toLocaleString('en-US')} points.` : `${friendName} leads you by ${(-lead).toLocaleString('en-US')} points.`;

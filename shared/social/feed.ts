import * as z from 'zod';

/** The friend activity feed (docs/social.md). */

export const ACTIVITY_TYPES = ['quiz_completed', 'achievement_unlocked', 'challenge_sent', 'challenge_completed', 'streak_milestone', 'level_up'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const FEED_LIMITS = { items: 50, refreshMs: 30_000, dataKeyMax: 50, dataStringMax: 200 } as const;
/** Items live this long in a reader's feed (the feed shows the newest 50 anyway). */
export const FEED_ITEM_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const FEED_MESSAGES = {
  invalidType: 'Invalid activity type',
  loadFailed: 'Failed to load activity feed',
  empty: 'No activity yet. When your friends play, it shows up here.',
} as const;

export const activityTypeSchema = z.enum(ACTIVITY_TYPES, { error: FEED_MESSAGES.invalidType });

/** activity_data: keys at most 50 characters, string values at most 200 (numbers and null as they are). */
export const activityDataSchema = z.record(
  z.string().min(1).max(FEED_LIMITS.dataKeyMax),
  z.union([z.string().max(FEED_LIMITS.dataStringMax), z.number(), z.boolean(), z.null()]),
);
export type ActivityData = z.infer<typeof activityDataSchema>;

export const feedItemSchema = z.object({
  id: z.string().min(1),
  user_id: z.string().min(1),
  user_email: z.string(),
  activity_type: activityTypeSchema,
  activity_data: activityDataSchema,
  created_at: z.string(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedResponseSchema = z.object({ items: z.array(feedItemSchema).max(FEED_LIMITS.items) });
export type FeedResponse = z.infer<typeof feedResponseSchema>;

/** Cuts a string value to the limit, so a long name never makes an event unwritable. */
export const clip = (value: string): string => value.slice(0, FEED_LIMITS.dataStringMax);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** The feed's time text: Just now, minutes, hours, days while under 7, then a date. */
export function feedTimeText(createdAt: string, now: Date, timeZone?: string): string {
  const at = new Date(createdAt);
  const elapsed = Math.max(0, now.getTime() - at.getTime());
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return plural(Math.floor(elapsed / DAY), 'day');
  return at.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone });
}

const subjectName = (value: unknown) => (typeof value === 'string' ? value.charAt(0).toUpperCase() + value.slice(1) : '');

/** What an item says after the person's e-mail ("completed a Geography beginner quiz: 8/10"). */
export function activityText(item: Pick<FeedItem, 'activity_type' | 'activity_data'>): string {
  const d = item.activity_data;
  switch (item.activity_type) {
    case 'quiz_completed':
      return `completed a ${subjectName(d.subject)} ${String(d.level ?? '')} quiz: ${String(d.score)}/${String(d.total_questions)}`.replace('  ', ' ');
    case 'achievement_unlocked':
      return `unlocked the achievement ${String(d.achievement_name ?? d.achievement_id)}`;
    case 'challenge_sent':
      return `challenged ${String(d.opponent_email)} to a ${subjectName(d.subject)} quiz`;
    case 'challenge_completed':
      return d.result === 'tie'
        ? `tied a ${subjectName(d.subject)} challenge with ${String(d.opponent_email)}: ${String(d.score)}/${String(d.total_questions)}`
        : `${d.result === 'won' ? 'won' : 'lost'} a ${subjectName(d.subject)} challenge against ${String(d.opponent_email)}: ${String(d.score)}/${String(d.total_questions)}`;
    case 'streak_milestone':
      return `reached a ${String(d.days)}-day streak`;
    case 'level_up':
      return `mastered ${subjectName(d.subject)} ${String(d.level)}`;
  }
}

/** "Try the same quiz" goes to the quiz the item is about, when it names one. */
export function sameQuizPath(item: Pick<FeedItem, 'activity_data'>): string | null {
  const { subject, level } = item.activity_data;
  return typeof subject === 'string' && typeof level === 'string' ? `/quiz/${subject}/${level}` : null;
}

/** A streak worth a feed item: the badge tiers 3, 7, 14 and 30 (docs/social.md), then every 30 days. */
export const isStreakMilestone = (days: number): boolean => [3, 7, 14, 30].includes(days) || (days > 30 && days % 30 === 0);

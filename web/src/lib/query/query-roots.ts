import type { QueryKey } from '@tanstack/react-query';

/**
 * The first segment of every query key: which server resource a query reads. Each feature
 * builds its own keys on its root (features/<area>/api/query-keys.ts); a mutation in one
 * feature invalidates what another shows by root, so no feature imports another's keys.
 */
export const QUERY_ROOTS = {
  /** GET /api/me: the signed-in account's profile (plan, trial, role). */
  me: 'me',
  /** GET /api/progress: subjects, totals, streak, achievements, rounds left today. */
  progress: 'progress',
  /** GET /api/analytics: detailed analytics per range. */
  analytics: 'analytics',
  /** GET /api/health: the system status. */
  health: 'health',
  /** GET /api/quiz/rounds/:id/review: a finished round's wrong answers. */
  review: 'review',
  /** GET /api/review: Review Mode's bookmarked questions with their answers and notes. */
  bookmarks: 'bookmarks',
  /** GET /api/spaced-repetition/cards: the spaced-repetition cards due now. */
  cards: 'cards',
  /** GET /api/stats: the public landing statistics. */
  stats: 'stats',
  /** GET /api/friends: friends and pending friend requests; GET /api/friends/search. */
  friends: 'friends',
  /** GET /api/challenges: friend challenges, sent and received. */
  challenges: 'challenges',
  /** GET /api/notifications (the bell) and /api/notifications/settings. */
  notifications: 'notifications',
  /** GET /api/feed: the friend activity feed. */
  feed: 'feed',
  /** GET /api/leaderboard: the public leaderboard (the same for every visitor). */
  leaderboard: 'leaderboard',
  /** GET /api/leaderboard/friends: the caller and their friends ranked. */
  friendLeaderboard: 'friend-leaderboard',
  /** GET /api/daily-challenges/today and /:id: the daily challenge and the caller's progress on it. */
  daily: 'daily',
  /** GET /api/groups (my groups, invitations), /api/groups/search, /:id, /:id/messages, /:id/stats. */
  groups: 'groups',
  /** GET /api/tournaments and /:id/match: live tournaments, my registrations and a match's state. */
  tournaments: 'tournaments',
  /** GET /api/learning/adaptive, /api/learning/style and /api/study-goals: Smart Learning, the learning style, study goals. */
  learning: 'learning',
  /** GET /api/guides and /api/guides/:id: study guides (which are locked depends on the plan). */
  guides: 'guides',
  /** POST /api/explanations (read as a query): one AI explanation of a finished round's answer. */
  explanations: 'explanations',
  /** GET /api/videos: the video library with its counts and my marks. */
  videos: 'videos',
  /** GET /api/parent/students (a parent's linked students) and /api/me/parents (a student's parents). */
  parents: 'parents',
  /** GET /api/classes, /api/classes/:id (a teacher's classes) and /api/me/classes (a student's classes and assignments). */
  classes: 'classes',
  /** GET /api/admin/overview, /api/admin/users, /api/admin/audit-log: the admin console (admins only). */
  admin: 'admin',
} as const;

export type QueryRoot = (typeof QUERY_ROOTS)[keyof typeof QUERY_ROOTS];

/** The same for every visitor: kept when the account changes. Everything else belongs to one account. */
const PUBLIC_ROOTS: ReadonlySet<unknown> = new Set<QueryRoot>([QUERY_ROOTS.stats, QUERY_ROOTS.leaderboard]);

export const isAccountQuery = (queryKey: QueryKey): boolean => !PUBLIC_ROOTS.has(queryKey[0]);

/** What a round's result changes: progress (totals, streak, achievements, rounds left), analytics, a friend challenge's scores, the feed, the leaderboards, Review Mode (answered bookmarks show) and the due cards (missed questions), class assignments completed (their consumers run within a moment; the next visit asks again). */
export const AFTER_ROUND: readonly QueryKey[] = [[QUERY_ROOTS.bookmarks], [QUERY_ROOTS.cards], [QUERY_ROOTS.progress], [QUERY_ROOTS.analytics], [QUERY_ROOTS.challenges], [QUERY_ROOTS.feed], [QUERY_ROOTS.leaderboard], [QUERY_ROOTS.friendLeaderboard], [QUERY_ROOTS.learning], [QUERY_ROOTS.classes]];

/** What a change of plan (the trial) changes: the profile and everything gated by it. */
export const AFTER_PLAN_CHANGE: readonly QueryKey[] = [[QUERY_ROOTS.me], [QUERY_ROOTS.progress], [QUERY_ROOTS.analytics], [QUERY_ROOTS.groups], [QUERY_ROOTS.tournaments], [QUERY_ROOTS.learning], [QUERY_ROOTS.guides]];

/** What a round's first answer changes: the rounds left today (in progress); starting one changes nothing. */
export const AFTER_ROUND_START: readonly QueryKey[] = [[QUERY_ROOTS.progress]];

import * as z from 'zod';
import { LEVELS, ROLES, SUBJECTS } from '#shared/constants.ts';
import { emailAddressSchema } from '#shared/validation/email.ts';
import type { ConsumerName } from './consumers.ts';
import { EVENT_META_KEY, isSaneCorrelationId, type EventMeta } from './meta.ts';

/**
 * Every domain event: its detail-type, the schema of its detail, and the consumers
 * that receive it. The CDK events stack makes one EventBridge rule per consumer from
 * this table, and the local runtime dispatches with the same table.
 */
export const EVENT_SOURCE = 'quizquest';

/** The consumers (handler, Lambda timeout) live in a zod-free module that handlers can import. */
export { CONSUMERS, consumerQueue, consumerTimeoutSeconds, queueVisibilitySeconds, type ConsumerName, type ConsumerQueue } from './consumers.ts';

export const EVENTS = {
  AccountConfirmed: {
    detail: z.object({ userId: z.string().min(1), email: emailAddressSchema }),
    consumers: ['send-email', 'aggregate-admin-stats'],
  },
  /**
   * An e-mail with a link into the site. Sent from a consumer so that the request path
   * stays fast and SES failures are retried; `path` holds a single-use token that is
   * useless once used or expired. `to` follows the forms' e-mail rule, so an address
   * the sign-up form accepted is never refused here.
   */
  EmailRequested: {
    detail: z.object({ to: emailAddressSchema, template: z.enum(['confirm-sign-up', 'reset-password', 'invite']), path: z.string().startsWith('/') }),
    consumers: ['send-email'],
  },
  /** A round was finished and graded by the server; `attemptId` is the idempotency key. */
  QuizCompleted: {
    detail: z.object({
      attemptId: z.string().min(1),
      userId: z.string().min(1),
      subject: z.enum(SUBJECTS),
      level: z.enum(LEVELS),
      mode: z.enum(['practice', 'competition']),
      score: z.number().int().min(0),
      total: z.number().int().min(1),
      points: z.number().int().min(0),
      timeSpentMs: z.number().int().min(0),
      completedAt: z.string(),
      timeZone: z.string(),
      topics: z.array(z.object({ subject: z.enum(SUBJECTS), topic: z.string(), correct: z.number().int(), total: z.number().int() })),
      /** Set when the round played a friend challenge. */
      challengeId: z.string().optional(),
      /**
       * Set when the round played the daily challenge: `points` already include its bonus
       * (so totals, progress and leaderboards count it like any points); the streak is the daily one.
       */
      dailyChallenge: z.object({ id: z.string(), date: z.string(), bonus: z.number().int().min(0), streak: z.number().int().min(1) }).optional(),
    }),
    consumers: ['update-progress', 'update-streak', 'write-leaderboard-entry', 'record-challenge-attempt', 'notify', 'write-feed-items', 'advance-study-goals', 'aggregate-admin-stats'],
  },
  /**
   * A student asked for their progress report to be e-mailed (POST /api/progress-report/send):
   * the consumer computes the report as of `requestedAt`, makes the PDF and sends it.
   */
  ProgressReportRequested: {
    detail: z.object({
      userId: z.string().min(1),
      studentEmail: z.string().min(1),
      /** The profile's full name, printed on the PDF (any script: it is set in an embedded Unicode font). */
      studentName: z.string().max(100).optional(),
      timeZone: z.string().optional(),
      to: emailAddressSchema,
      days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
      requestedAt: z.string().min(1),
    }),
    consumers: ['email-progress-report'],
  },
  /**
   * The person deleted their account; the identity is already gone. Its consumer deletes
   * every item of the account (idempotent: deleting what is gone changes nothing).
   */
  AccountDeleted: {
    /** `role` is the account's role when it went (the admin counters); absent on events from before it. */
    detail: z.object({ userId: z.string().min(1), email: emailAddressSchema, role: z.enum(ROLES).optional() }),
    consumers: ['delete-account-data', 'aggregate-admin-stats'],
  },
  /** An admin created an account: identity and profile exist; the invitation to set a password is on its way. */
  AccountInvited: {
    detail: z.object({ userId: z.string().min(1), email: emailAddressSchema, role: z.enum(ROLES), invitedBy: z.string().min(1) }),
    consumers: ['aggregate-admin-stats'],
  },
  /** An admin moved an account to another role. */
  AccountRoleChanged: {
    detail: z.object({ userId: z.string().min(1), from: z.enum(ROLES), to: z.enum(ROLES), changedAt: z.string() }),
    consumers: ['aggregate-admin-stats'],
  },
  /**
   * Both players of a friend challenge have played; the server decided the winner by
   * score ratio (null: a tie). At least once: consumers count it once per challenge id.
   */
  ChallengeFinished: {
    detail: z.object({
      challengeId: z.string().min(1),
      challengerId: z.string().min(1),
      challengedId: z.string().min(1),
      subject: z.enum(SUBJECTS),
      level: z.enum(LEVELS),
      challengerScore: z.object({ score: z.number().int(), total: z.number().int() }),
      challengedScore: z.object({ score: z.number().int(), total: z.number().int() }),
      winnerId: z.string().nullable(),
      completedAt: z.string(),
    }),
    consumers: ['notify', 'write-feed-items'],
  },
  AchievementUnlocked: {
    detail: z.object({ userId: z.string().min(1), achievementId: z.string().min(1), unlockedAt: z.string() }),
    consumers: ['notify', 'write-feed-items'],
  },
  /** A friend request was sent (the receiver is notified). */
  FriendRequestSent: {
    detail: z.object({ senderId: z.string().min(1), senderEmail: emailAddressSchema, receiverId: z.string().min(1), createdAt: z.string() }),
    consumers: ['notify'],
  },
  /** A parent asked to follow a student: the student is notified and answers in the bell or on /profile. */
  ParentLinkRequested: {
    detail: z.object({ parentId: z.string().min(1), parentEmail: emailAddressSchema, studentId: z.string().min(1), createdAt: z.string() }),
    consumers: ['notify'],
  },
  /** A teacher invited a student to a class by e-mail: the student is notified and accepts or declines. */
  ClassInvitationSent: {
    detail: z.object({
      classId: z.string().min(1),
      className: z.string().min(1),
      teacherId: z.string().min(1),
      teacherEmail: emailAddressSchema,
      studentId: z.string().min(1),
      invitedAt: z.string(),
    }),
    consumers: ['notify'],
  },
  /** A friend challenge was sent (the challenged player is notified). */
  ChallengeSent: {
    detail: z.object({
      challengeId: z.string().min(1),
      challengerId: z.string().min(1),
      challengerEmail: emailAddressSchema,
      challengedId: z.string().min(1),
      subject: z.enum(SUBJECTS),
      level: z.enum(LEVELS),
      questionCount: z.number().int().min(1),
      createdAt: z.string(),
    }),
    consumers: ['notify', 'write-feed-items'],
  },
  /**
   * A live match starts within ALERT_LEAD_MS (shared/tournaments/alerts.ts):
   * published by the per-minute job, so its bundle stays free of the notification code. The
   * consumer tells each registered player once, keyed by the match, as their settings say.
   */
  TournamentStartingSoon: {
    detail: z.object({
      tournamentId: z.string().min(1).max(100),
      name: z.string().min(1),
      subject: z.enum(SUBJECTS),
      level: z.enum(LEVELS),
      startAt: z.string().min(1),
      alertAt: z.string().min(1),
    }),
    consumers: ['notify'],
  },
  /**
   * One parent's weekly summary is due: the weekly job publishes one per
   * opted-in link, ten to a PutEvents call, instead of sending 5,000 e-mails in one invocation.
   * `week` (the run's date) keys the once-marker: a retried run or a redelivery sends nothing twice.
   */
  WeeklyParentSummaryDue: {
    detail: z.object({ parentId: z.string().min(1), studentId: z.string().min(1), week: z.iso.date(), scheduledTime: z.iso.datetime() }),
    consumers: ['send-weekly-parent-summary'],
  },
  /**
   * An admin added a document (or retried one whose embedding failed): it is stored `pending`
   * and the consumer embeds its passages in the background, recording progress on the document.
   * `attempt` is the document's attempt when asked: a delivery of an older attempt changes nothing.
   */
  DocumentEmbeddingRequested: {
    detail: z.object({ documentId: z.uuid(), attempt: z.number().int().min(1).max(1000), requestedBy: z.string().min(1) }),
    consumers: ['embed-document'],
  },
  /**
   * One person's study reminder is due: the 5-minute job publishes one per due reminder, ten to a
   * PutEvents call, and the queued consumer sends it (or skips or stops it, as the person's
   * settings say) and rolls it a week on. `dueAt` keys the notification: a redelivery sends nothing twice.
   */
  StudyReminderDue: {
    detail: z.object({ userId: z.string().min(1), dueAt: z.iso.datetime(), scheduledTime: z.iso.datetime(), lateAfterMinutes: z.number().int().min(5).max(24 * 60) }),
    consumers: ['send-study-reminder'],
  },
} as const satisfies Record<string, { detail: z.ZodType; consumers: readonly ConsumerName[] }>;

export type EventName = keyof typeof EVENTS;
export type EventDetail<N extends EventName> = z.infer<(typeof EVENTS)[N]['detail']>;

/** The EventBridge envelope as a consumer receives it, with a typed detail. */
export const envelopeSchema = <N extends EventName>(name: N) =>
  z.object({
    id: z.string().min(1),
    'detail-type': z.literal(name),
    source: z.literal(EVENT_SOURCE),
    time: z.string(),
    detail: EVENTS[name].detail as (typeof EVENTS)[N]['detail'],
  });

/**
 * The correlation id an event carries beside its facts (events/meta.ts): checked on the way
 * out, optional on the way in (events from before it still parse; the detail schemas drop it).
 */
export const eventMetaSchema = z.object({ correlationId: z.string().refine(isSaneCorrelationId, 'not a sane correlation id') });

/** A checked detail with the meta added; without a sane correlation id, the detail as it was. */
export function withEventMeta<D extends object>(detail: D, correlationId: string | undefined): D | (D & { [EVENT_META_KEY]: EventMeta }) {
  const meta = eventMetaSchema.safeParse({ correlationId });
  return meta.success ? { ...detail, [EVENT_META_KEY]: meta.data } : detail;
}

/** Which detail-types a consumer listens to (one rule per consumer and event). */
export function eventsFor(consumer: ConsumerName): EventName[] {
  return (Object.keys(EVENTS) as EventName[]).filter((name) =>
    (EVENTS[name].consumers as readonly ConsumerName[]).includes(consumer),
  );
}

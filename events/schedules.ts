import * as z from 'zod';
import { CONFIRM_LINK_TTL_MS } from '#shared/constants.ts';

/**
 * Every scheduled job: when it runs (an EventBridge Scheduler cron expression, in UTC), the
 * handler it invokes, and the payload it gets, checked by a zod schema. The CDK schedules
 * stack makes one EventBridge Scheduler schedule per entry; `npm start` fires the same
 * handlers at the same times from this table (infra/local/scheduler.ts). One source, two hosts.
 *
 * A job receives a {@link ScheduledEvent}: the schedule's name, the time it was due (not when
 * it happened to run: a retry carries the same time) and the payload.
 */
export interface ScheduleDefinition<P extends z.ZodType = z.ZodType> {
  readonly description: string;
  /** `cron(minutes hours day-of-month month day-of-week year)`, as EventBridge Scheduler reads it, in UTC. */
  readonly cron: `cron(${string})`;
  readonly entry: `functions/${string}.ts`;
  readonly payloadSchema: P;
  readonly payload: z.input<P>;
  /** How long one run may take (Lambda timeout); a minute unless said. */
  readonly timeoutSeconds?: number;
}

const HOUR_MS = 60 * 60 * 1000;

export const SCHEDULES = {
  /**
   * Sign-ups whose confirmation link has expired can never be confirmed (a new sign-up for the
   * address replaces them anyway), yet they keep an e-mail address, possibly someone else's,
   * and a password hash. Deleted nightly once their link is a day past expiry.
   */
  'purge-expired-sign-ups': {
    description: 'Deletes unconfirmed accounts whose confirmation link has expired',
    cron: 'cron(30 3 * * ? *)',
    entry: 'functions/auth/purge-expired-sign-ups.ts',
    payloadSchema: z.object({
      /** Never less than the link's life: an account whose link still works is never touched. */
      olderThanHours: z.number().int().min(CONFIRM_LINK_TTL_MS / HOUR_MS + 1),
      /** Bounds one run (well inside its timeout); the rest waits for the next night. */
      maxDeletions: z.number().int().min(1).max(5000),
    }),
    payload: { olderThanHours: 48, maxDeletions: 1000 },
    timeoutSeconds: 300,
  },
  /**
   * Each day's daily challenges (docs/architecture.md: one per level, the day's subject), five minutes
   * into the UTC day, with the next day's too: players east of UTC reach it hours earlier.
   * Playing never waits for this run: the first player of a day without one generates it.
   */
  'generate-daily-challenges': {
    description: "Generates today's and tomorrow's daily challenges from the question bank",
    cron: 'cron(5 0 * * ? *)',
    entry: 'functions/daily/generate-daily-challenges.ts',
    payloadSchema: z.object({ daysAhead: z.number().int().min(0).max(7) }),
    payload: { daysAhead: 1 },
    timeoutSeconds: 120,
  },
  /**
   * Study reminders (docs/architecture.md): each account's reminders wait as items with their due
   * time; every 5 minutes the run finds the due ones (at most `maxReminders`, a key range per day)
   * and queues one StudyReminderDue each; the send-study-reminder consumer puts each on the bell
   * (unless switched off or in quiet hours) and the same time a week later in its place, retried
   * alone. A backlog drains over the next runs; reminders more than an hour late are rolled on unsent.
   */
  'send-study-reminders': {
    description: 'Finds the study reminders that are due and queues one message each for the sender',
    cron: 'cron(0/5 * * * ? *)',
    entry: 'functions/notifications/send-study-reminders.ts',
    payloadSchema: z.object({
      maxReminders: z.number().int().min(1).max(2000),
      lateAfterMinutes: z.number().int().min(5).max(24 * 60),
      lookbackHours: z.number().int().min(1).max(48),
    }),
    // Publishing is ten to a call: 2,000 a run take a few seconds.
    payload: { maxReminders: 2000, lateAfterMinutes: 60, lookbackHours: 24 },
    timeoutSeconds: 60,
  },
  /**
   * Live tournaments: every minute, makes this week's and the coming week's
   * tournaments from the weekly schedule when missing (idempotent), and queues the first step of
   * each match due within the next minute (functions/tournaments/step-queue.ts), after which the
   * match runs on as timed steps; a started match whose next step is overdue (a failed step, a lost
   * message, a stop) is resumed from its stored state (functions/tournaments/resume-matches.ts).
   */
  'run-live-tournaments': {
    description: "Creates the week's live tournaments and starts the matches that are due",
    cron: 'cron(* * * * ? *)',
    entry: 'functions/tournaments/run-live-tournaments.ts',
    payloadSchema: z.object({}),
    payload: {},
    // A few queries and conditional writes; it hands steps to the queue and never waits for them.
    timeoutSeconds: 30,
  },
  /**
   * The parents' weekly summary e-mail: Sundays at 17:00 UTC, one e-mail per
   * opted-in, approved parent–student link, at most `maxEmails` a run (a marker per link and
   * week: a retried run sends nothing twice). Its own small function: send-email is near the
   * 500 KB bundle budget.
   */
  'send-weekly-parent-summaries': {
    description: "E-mails each opted-in parent their linked student's week",
    cron: 'cron(0 17 ? * SUN *)',
    entry: 'functions/parents/send-weekly-summaries.ts',
    payloadSchema: z.object({ maxEmails: z.number().int().min(1).max(10_000) }),
    payload: { maxEmails: 5000 },
    timeoutSeconds: 300,
  },
} as const satisfies Record<string, ScheduleDefinition>;

export type ScheduleName = keyof typeof SCHEDULES;
export type SchedulePayload<N extends ScheduleName> = z.output<(typeof SCHEDULES)[N]['payloadSchema']>;
export type ScheduleTable = Readonly<Record<string, ScheduleDefinition>>;

/** What a job's handler receives, in AWS and locally. */
export interface ScheduledEvent<P = unknown> {
  readonly schedule: string;
  /** ISO 8601 to the second, in UTC, e.g. `2026-03-15T00:05:00Z` (EventBridge Scheduler's `<aws.scheduler.scheduled-time>`). */
  readonly scheduledTime: string;
  readonly payload: P;
}

/** The event of one run, as the local scheduler builds it (the CDK stack has Scheduler fill in the time). */
export function scheduledEvent(name: string, definition: ScheduleDefinition, dueMs: number): ScheduledEvent {
  return { schedule: name, scheduledTime: new Date(dueMs).toISOString().replace(/\.\d{3}Z$/, 'Z'), payload: definition.payloadSchema.parse(definition.payload) };
}

/** The schema a job's handler parses its event with, payload typed. */
export const scheduledEventSchema = <N extends ScheduleName>(name: N) =>
  z.object({
    schedule: z.literal(name),
    scheduledTime: z.iso.datetime(),
    payload: SCHEDULES[name].payloadSchema as (typeof SCHEDULES)[N]['payloadSchema'],
  });

/** Checks a table before either host uses it: payloads against their schemas, names usable as schedule and construct names. */
export function checkSchedules(table: ScheduleTable): void {
  for (const [name, definition] of Object.entries(table)) {
    if (!/^[a-z][a-z0-9-]{0,47}$/.test(name)) throw new Error(`Schedule name "${name}" must be lower-case letters, digits and dashes`);
    const parsed = definition.payloadSchema.safeParse(definition.payload);
    if (!parsed.success) throw new Error(`Schedule "${name}" has a payload its schema refuses: ${z.prettifyError(parsed.error)}`);
  }
}

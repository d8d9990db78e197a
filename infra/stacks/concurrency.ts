import type { Construct } from 'constructs';
import { CONSUMERS, consumerQueue, type ConsumerName, type ConsumerQueue } from '#events/consumers.ts';
import { MATCH_STEPS } from '#functions/tournaments/step-queue.ts';

/**
 * Reserved concurrency (the numbers and the quota to request: docs/concurrency.md).
 *
 * A reservation works both ways: the function always has that many executions of the account's
 * pool, whatever the web traffic does, and never more, so a flood of events cannot take what
 * the API needs. API routes, WebSocket functions and Cognito triggers keep the unreserved rest
 * (AWS refuses a deploy that leaves less than 100 unreserved).
 *
 * Context `reservedConcurrency`: unset or `1`, the numbers below; a number, the event consumers'
 * numbers times it (the jobs are one run at a time at any size); `off`, no reservation (a new
 * account whose concurrency limit is below 100 + the total cannot deploy with them).
 */
export const RESERVED_CONCURRENCY_CONTEXT = 'reservedConcurrency';

/**
 * Scheduled jobs: one run at a time, plus one where a run may still be going when the next is
 * due (every 5 minutes or every minute with a 120 s timeout) or when Lambda retries a failed run.
 * A job throttled past its reservation is not lost: Lambda keeps an asynchronous invocation
 * and retries it (within the job's one-hour maximum event age).
 */
export const JOB_CONCURRENCY: Readonly<Record<string, number>> = {
  'purge-expired-sign-ups': 1,
  'generate-daily-challenges': 1,
  'send-study-reminders': 2,
  'run-live-tournaments': 2,
  'send-weekly-parent-summaries': 1,
};

/**
 * Event consumers at scale 1 (about 20,000 students, see docs/concurrency.md). EventBridge invokes
 * them asynchronously: a burst past the reservation waits in Lambda's queue (up to 6 h) instead
 * of failing. Quiz-completion consumers ~1 execution at 20,000 students' evening peak, 5 lets a
 * burst (a class finishing together, a tournament's end) drain in seconds.
 * Queue consumers (the live matches' step queue too) get their queue's maxConcurrency (events/consumers.ts): the poller never runs
 * more, and a reservation below it would throttle messages into their dead-letter queue.
 */
const CONSUMER_CONCURRENCY: Readonly<Record<Exclude<ConsumerName, QueueConsumer>, number>> = {
  'update-progress': 5,
  'update-streak': 5,
  'write-leaderboard-entry': 5,
  'record-challenge-attempt': 5,
  'write-feed-items': 5,
  'advance-study-goals': 5,
  'aggregate-admin-stats': 5,
  notify: 5,
  // SES's starting send rate is 14 e-mails a second; three senders stay under it.
  'send-email': 3,
  // A PDF each, 512 MB.
  'email-progress-report': 3,
  'delete-account-data': 2,
};
type QueueConsumer = { [N in ConsumerName]: (typeof CONSUMERS)[N] extends { queue: unknown } ? N : never }[ConsumerName];

export type ConcurrencyScale = number | 'off';

/** Reads the context value (`-c reservedConcurrency=off|<scale>`); unset is scale 1. */
export function concurrencyScale(scope: Construct): ConcurrencyScale {
  const raw: unknown = scope.node.tryGetContext(RESERVED_CONCURRENCY_CONTEXT);
  if (raw === undefined || raw === null || raw === '') return 1;
  if (raw === 'off' || raw === false || raw === 'false') return 'off';
  const scale = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 100) throw new Error(`Context ${RESERVED_CONCURRENCY_CONTEXT} must be "off" or a scale between 0 and 100, not ${JSON.stringify(raw)}`);
  return scale;
}

/** A scheduled job's reservation (one run at a time unless listed above), or undefined (context `off`). */
export function jobConcurrency(name: string, scale: ConcurrencyScale): number | undefined {
  return scale === 'off' ? undefined : (JOB_CONCURRENCY[name] ?? 1);
}

/**
 * How many executions a queue's poller may run: its maxConcurrency times the scale, at least
 * 2 (the event source mapping's minimum). Kept with `off` too: it also bounds the send rate.
 */
export function queueConcurrency(consumer: ConsumerName, scale: ConcurrencyScale): number {
  const queue = consumerQueue(consumer);
  if (!queue) throw new Error(`Consumer ${consumer} has no queue`);
  return pollers(queue, scale);
}

const pollers = (queue: ConsumerQueue, scale: ConcurrencyScale) => Math.max(2, Math.ceil(queue.maxConcurrency * (scale === 'off' ? 1 : scale)));

/**
 * The live matches' step queue (functions/tournaments/step-queue.ts): its poller's maximum, and
 * the consumer's reservation equal to it (undefined with `off`). A step is short (no waiting), so
 * 3 covers a match's step, another match's at the same second and a redelivery; a throttled step
 * would be a late question, so never fewer.
 */
export const matchStepsPollers = (scale: ConcurrencyScale): number => pollers(MATCH_STEPS, scale);
export const matchStepsConcurrency = (scale: ConcurrencyScale): number | undefined => (scale === 'off' ? undefined : matchStepsPollers(scale));

/** An event consumer's reservation, or undefined (context `off`). */
export function consumerConcurrency(consumer: ConsumerName, scale: ConcurrencyScale): number | undefined {
  if (scale === 'off') return undefined;
  if (consumerQueue(consumer)) return queueConcurrency(consumer, scale);
  const base = (CONSUMER_CONCURRENCY as Readonly<Record<string, number>>)[consumer];
  if (base === undefined) throw new Error(`No reserved concurrency for consumer "${consumer}": add it to infra/stacks/concurrency.ts`);
  return Math.ceil(base * scale);
}

/** Everything reserved at a scale: what the account's limit must exceed by at least 100. */
export function totalReserved(scale: ConcurrencyScale, jobs: Iterable<string> = Object.keys(JOB_CONCURRENCY)): number {
  let total = 0;
  for (const job of jobs) total += jobConcurrency(job, scale) ?? 0;
  for (const consumer of Object.keys(CONSUMERS) as ConsumerName[]) total += consumerConcurrency(consumer, scale) ?? 0;
  return total + (matchStepsConcurrency(scale) ?? 0);
}

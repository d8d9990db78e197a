/**
 * The event consumers: each one's handler and Lambda timeout. Plain data, no zod, so a
 * handler's bundle can read it: a consumer's once-marker (functions/data/processed-events.ts)
 * holds its claim for the consumer's timeout, the same number the CDK events stack gives the
 * function. events/catalogue.ts re-exports this table and says which events each consumer gets.
 */
export const CONSUMERS = {
  'send-email': { entry: 'functions/auth/send-email.ts' },
  'update-progress': { entry: 'functions/quiz/update-progress.ts' },
  'update-streak': { entry: 'functions/quiz/update-streak.ts' },
  'write-leaderboard-entry': { entry: 'functions/activity/write-leaderboard-entry.ts' },
  'delete-account-data': { entry: 'functions/profile/delete-account-data.ts' },
  'record-challenge-attempt': { entry: 'functions/social/record-challenge-attempt.ts' },
  /** A live match's alert goes to every registered player (up to 1000, 25 at a time). */
  'notify': { entry: 'functions/notifications/write-event-notifications.ts', timeoutSeconds: 60 },
  'write-feed-items': { entry: 'functions/activity/write-feed-items.ts' },
  'advance-study-goals': { entry: 'functions/learning/advance-study-goals.ts' },
  'email-progress-report': { entry: 'functions/reports/send-report-mail.ts' },
  /** Keeps the admin overview's counters: accounts by role, quizzes, scores, days. */
  'aggregate-admin-stats': { entry: 'functions/admin/aggregate-stats.ts' },
  /**
   * One parent's weekly summary e-mail: the weekly job fans out one event per
   * e-mail; a queue holds them, so each send is retried alone and SES sees a bounded rate.
   */
  'send-weekly-parent-summary': {
    entry: 'functions/parents/send-weekly-summary.ts',
    queue: { batchSize: 10, maxReceiveCount: 5, maxConcurrency: 2 },
  },
  /**
   * Embeds one added document (DocumentEmbeddingRequested): up to ~115 passages at 50,000
   * characters, 16 at a time with progress written after each step; Titan embeds 8 at once, so a
   * document takes seconds, and 120 s leaves room for a throttled Bedrock's retries. One document a
   * message, two at a time: the knowledge base's writes and Bedrock's quota stay bounded however
   * many documents arrive.
   */
  'embed-document': {
    entry: 'functions/knowledge/embed-document.ts',
    timeoutSeconds: 120,
    queue: { batchSize: 1, maxReceiveCount: 5, maxConcurrency: 2 },
  },
  /**
   * One study reminder (StudyReminderDue): the 5-minute job only finds the due ones and
   * enqueues one message each, so a failed send is retried alone and a run never loops over
   * everyone due.
   */
  'send-study-reminder': {
    entry: 'functions/notifications/send-study-reminder.ts',
    queue: { batchSize: 10, maxReceiveCount: 5, maxConcurrency: 2 },
  },
} as const satisfies Record<string, ConsumerEntry>;
export type ConsumerName = keyof typeof CONSUMERS;

/**
 * A consumer fed through an SQS queue instead of being invoked by its rule: the rule puts each
 * event on the queue, Lambda polls it. For work that comes in floods (a job's fan-out), where
 * each message must be retried alone and the consumer's rate must stay bounded.
 */
export interface ConsumerQueue {
  /** Messages per invocation; a failed one is reported alone (ReportBatchItemFailures). */
  readonly batchSize: number;
  /** Deliveries before a message moves to the dead-letter queue; AWS advises at least 5 for Lambda pollers. */
  readonly maxReceiveCount: number;
  /** Concurrent invocations the poller may run (the event source mapping's maximum, at least 2). */
  readonly maxConcurrency: number;
}

interface ConsumerEntry {
  readonly entry: `functions/${string}.ts`;
  readonly timeoutSeconds?: number;
  readonly queue?: ConsumerQueue;
}

/** The queue a consumer is fed through, if it has one (otherwise its rule invokes it directly). */
export function consumerQueue(consumer: ConsumerName): ConsumerQueue | undefined {
  const entry: ConsumerEntry = CONSUMERS[consumer];
  return entry.queue;
}

/**
 * How long a delivered message stays hidden from other pollers: six times the consumer's timeout,
 * as AWS advises for Lambda pollers (a throttled or slow batch is not redelivered while it still runs).
 */
export function queueVisibilitySeconds(consumer: ConsumerName): number {
  return 6 * consumerTimeoutSeconds(consumer);
}

/** A consumer's Lambda timeout unless its entry says otherwise. */
export const DEFAULT_CONSUMER_TIMEOUT_SECONDS = 30;

/** A consumer's Lambda timeout, in seconds: the CDK events stack sets it, a once-marker's lease lasts as long. */
export function consumerTimeoutSeconds(consumer: ConsumerName): number {
  const entry: ConsumerEntry = CONSUMERS[consumer];
  return entry.timeoutSeconds ?? DEFAULT_CONSUMER_TIMEOUT_SECONDS;
}

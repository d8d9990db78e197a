/**
 * The event consumers: each one's handler and Lambda timeout. Plain data, no zod, so a
 * handler's bundle can read it: a consumer's once-marker (functions/data/processed-events.ts)
 * holds its claim for the consumer's timeout, the same number the CDK events stack gives the
 * function. events/catalogue.ts re-exports this table and says which events each consumer gets.
 */
export const CONSUMERS = {
  'send-email': { entry: 'functions/consumers/send-email.ts' },
  'update-progress': { entry: 'functions/consumers/update-progress.ts' },
  'update-streak': { entry: 'functions/consumers/update-streak.ts' },
  'write-leaderboard-entry': { entry: 'functions/consumers/write-leaderboard-entry.ts' },
  'delete-account-data': { entry: 'functions/consumers/delete-account-data.ts' },
  'record-challenge-attempt': { entry: 'functions/consumers/record-challenge-attempt.ts' },
  /** A live match's alert goes to every registered player (up to 1000, 25 at a time). */
  'notify': { entry: 'functions/consumers/notify.ts', timeoutSeconds: 60 },
  'write-feed-items': { entry: 'functions/consumers/write-feed-items.ts' },
  'advance-study-goals': { entry: 'functions/consumers/advance-study-goals.ts' },
  'email-progress-report': { entry: 'functions/reports/send-report-mail.ts' },
  /** Runs one question of a live match, waiting up to a pause and a (double) window: its own timeout. */
  'run-live-match': { entry: 'functions/tournaments/run-match.ts', timeoutSeconds: 150 },
  /** Keeps the admin overview's counters (issue 13): accounts by role, quizzes, scores, days. */
  'aggregate-admin-stats': { entry: 'functions/admin/aggregate-stats.ts' },
} as const;
export type ConsumerName = keyof typeof CONSUMERS;

/** A consumer's Lambda timeout unless its entry says otherwise. */
export const DEFAULT_CONSUMER_TIMEOUT_SECONDS = 30;

/** A consumer's Lambda timeout, in seconds: the CDK events stack sets it, a once-marker's lease lasts as long. */
export function consumerTimeoutSeconds(consumer: ConsumerName): number {
  const entry = CONSUMERS[consumer];
  return 'timeoutSeconds' in entry ? entry.timeoutSeconds : DEFAULT_CONSUMER_TIMEOUT_SECONDS;
}

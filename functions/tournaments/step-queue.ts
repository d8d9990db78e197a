import * as z from 'zod/mini';
import { EVENT_META_KEY, isSaneCorrelationId } from '#events/meta.ts';
import type { ConsumerQueue } from '#events/consumers.ts';
import { STEP_PHASES, type MatchStep } from '#shared/tournaments/steps.ts';

/**
 * The match-steps queue: a live match's timed steps (shared/tournaments/steps.ts), each a message
 * sent with the delay until it is due, so the wait costs nothing. SQS delay messages rather than
 * Step Functions Wait states or one-time Scheduler schedules: a question's pause and window
 * (at most 64 s) sit well inside SQS's 15-minute delay, there is no state machine to keep in step
 * with the code, and redelivery and a dead-letter queue come with it. Its consumer does one step.
 *
 * The CDK events stack (infra/constructs/match-steps.ts) and the local runtime (infra/local/stack.ts)
 * both build the queue and its poller from this entry. Plain data besides the message shape.
 */
export const MATCH_STEPS = {
  /** The queue's name within a stage: `quizquest-<stage>-match-steps`. */
  queue: 'match-steps',
  /** Its consumer's name (function-access.ts, concurrency.ts) and handler. */
  consumer: 'run-match-step',
  entry: 'functions/tournaments/run-match.ts',
  /** One step an invocation: a step of one match never waits behind another's. */
  batchSize: 1,
  maxReceiveCount: 5,
  /** A match's step, another match's at the same second, and a redelivery. */
  maxConcurrency: 3,
  /**
   * One step (a conditional write, scoring up to 1000 players and pushing to them, 10 at a time)
   * takes a second or two: nothing waits in the function any more.
   */
  timeoutSeconds: 30,
  /**
   * A delivery that failed before its claim comes back after this. Twice the timeout rather than
   * the six times AWS advises against a throttled poller: the poller's maximum concurrency equals
   * the consumer's reservation, so it is not throttled, and a live question should not wait minutes.
   */
  visibilityTimeoutSeconds: 60,
} as const satisfies ConsumerQueue & Record<string, unknown>;

const stepSchema = z.object({
  tournamentId: z.string().check(z.minLength(1), z.maxLength(100)),
  question: z.number().check(z.int(), z.minimum(1), z.maximum(100)),
  phase: z.enum(STEP_PHASES),
  seq: z.number().check(z.int(), z.minimum(0)),
});

/**
 * A message's body: the step as an event-like `detail`, with the sender's correlation id beside it
 * (events/meta.ts), so the whole match logs under the id of the job or request that started it.
 */
export function stepBody(step: MatchStep, correlationId: string | undefined): string {
  const detail = { tournamentId: step.tournamentId, question: step.question, phase: step.phase, seq: step.seq };
  return JSON.stringify({ detail: isSaneCorrelationId(correlationId) ? { ...detail, [EVENT_META_KEY]: { correlationId } } : detail });
}

/** The step a message carries; throws on anything else (the consumer logs and drops it: no redelivery could read it). */
export function parseStepBody(body: string): MatchStep {
  return stepSchema.parse(z.object({ detail: z.unknown() }).parse(JSON.parse(body)).detail);
}

import { messageConsumer } from '../lib/queue-consumer.ts';
import { runStep } from './match-runner.ts';
import { parseStepBody } from './step-queue.ts';

/**
 * The match-steps queue's consumer (one step a batch): one timed step of a live match
 * (match-runner.ts), under the correlation id of whoever started the match. A step that fails
 * before its write (a throttled read) is reported alone and redelivered after the queue's
 * visibility timeout, then kept in the dead-letter queue; a redelivery of a step that did its
 * write does nothing, and the per-minute job resumes a match whose step failed after it.
 */
export const handler = messageConsumer('live match step', parseStepBody, (step) => runStep(step));

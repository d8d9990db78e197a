import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { MatchStep } from '#shared/tournaments/steps.ts';
import { queueClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { currentCorrelationId } from '../lib/invocation.ts';
import { stepBody } from './step-queue.ts';

/**
 * Hands a live match's step to the match-steps queue, visible after `delaySeconds` (0–900, whole
 * seconds: shared/tournaments/steps.ts delaySecondsUntil). In AWS the queue is SQS; locally the
 * same call reaches the emulated queue (infra/local/aws-services.ts), which delays it the same way.
 */
export async function sendStep(step: MatchStep, delaySeconds: number): Promise<void> {
  const queueUrl = env().MATCH_STEPS_QUEUE_URL;
  if (!queueUrl) throw new Error('MATCH_STEPS_QUEUE_URL is not set: give the function the sendMatchSteps access flag');
  await queueClient().send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: stepBody(step, currentCorrelationId()), DelaySeconds: delaySeconds }));
}

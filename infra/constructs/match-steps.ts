import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { MATCH_STEPS } from '#functions/tournaments/step-queue.ts';
import type { FunctionAccess } from './access.ts';
import { ProjectFunction, type PlatformResources } from './project-function.ts';

export interface MatchStepsProps {
  /** `matchStepsQueueName` names the queue (the senders reach it by that name). */
  readonly resources: PlatformResources;
  readonly access: FunctionAccess;
  /** The consumer's reservation (concurrency.ts; undefined with `off`) and its poller's maximum. */
  readonly reservedConcurrentExecutions?: number;
  readonly maxConcurrency: number;
}

/**
 * The live matches' timed steps (functions/tournaments/step-queue.ts, the table the local runtime
 * builds its queue from): an encrypted queue whose messages carry their own delay, the consumer
 * that polls it one step at a time (a failed step retried alone, ReportBatchItemFailures), and a
 * dead-letter queue after maxReceiveCount deliveries, watched like every other (watch.ts). The
 * consumer's timeout is sized for one step, not for a question's window.
 */
export class MatchSteps extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;
  readonly consumer: ProjectFunction;

  constructor(scope: Construct, id: string, props: MatchStepsProps) {
    super(scope, id);
    const queueName = props.resources.matchStepsQueueName;
    if (!queueName) throw new Error('The live matches need their step queue named in the platform resources (matchStepsQueueName)');
    // A step that failed every delivery waits here for a person (14 days); the per-minute job has resumed its match meanwhile.
    this.deadLetters = new Queue(this, 'MatchStepsDeadLetters', { retentionPeriod: Duration.days(14), encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true });
    this.queue = new Queue(this, 'MatchStepsQueue', {
      queueName,
      visibilityTimeout: Duration.seconds(MATCH_STEPS.visibilityTimeoutSeconds),
      // A step is worth nothing after its match: a day is plenty.
      retentionPeriod: Duration.days(1),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: MATCH_STEPS.maxReceiveCount },
    });
    this.consumer = new ProjectFunction(this, 'RunMatchStep', {
      entry: MATCH_STEPS.entry,
      description: 'Runs one timed step of a live match (open or close a question) from the match-steps queue',
      access: props.access,
      resources: props.resources,
      timeout: Duration.seconds(MATCH_STEPS.timeoutSeconds),
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
    });
    this.consumer.addEventSource(
      new SqsEventSource(this.queue, { batchSize: MATCH_STEPS.batchSize, reportBatchItemFailures: true, maxConcurrency: props.maxConcurrency }),
    );
  }
}

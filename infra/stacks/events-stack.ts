import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { EventBus, Rule, type IRuleTarget } from 'aws-cdk-lib/aws-events';
import { LambdaFunction, SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { CONSUMERS, EVENT_SOURCE, consumerQueue, consumerTimeoutSeconds, eventsFor, queueVisibilitySeconds, type ConsumerName } from '#events/catalogue.ts';
import { MATCH_STEPS } from '#functions/tournaments/step-queue.ts';
import { MatchSteps } from '../constructs/match-steps.ts';
import { ProjectFunction, type PlatformResources } from '../constructs/project-function.ts';
import { concurrencyScale, consumerConcurrency, matchStepsConcurrency, matchStepsPollers, queueConcurrency } from './concurrency.ts';
import { consumerAccess, queueConsumerAccess } from './function-access.ts';

export interface EventsStackProps extends StackProps {
  /** The bus is created here under `resources.eventBusName`. */
  readonly resources: PlatformResources;
}

/** `write-leaderboard-entry` → `WriteLeaderboardEntry`, for construct ids. */
const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/**
 * The event bus and its consumers, one rule per consumer, read from events/catalogue.ts
 * (the table the local runtime dispatches with). A consumer with a queue in the catalogue gets
 * its events through an SQS queue (the rule's target) that its function polls; the others are
 * invoked by their rule. Each consumer has reserved concurrency (infra/stacks/concurrency.ts).
 * The live matches' step queue and its consumer live here too: functions send to it directly,
 * each step with its own delay, which a rule's SQS target cannot give.
 */
export class EventsStack extends Stack {
  readonly bus: EventBus;
  readonly matchSteps: MatchSteps;

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);
    this.bus = new EventBus(this, 'Bus', { eventBusName: props.resources.eventBusName });
    const scale = concurrencyScale(this);

    for (const consumer of Object.keys(CONSUMERS) as ConsumerName[]) {
      const name = pascal(consumer);
      const detailTypes = eventsFor(consumer);
      if (detailTypes.length === 0) throw new Error(`Consumer ${consumer} receives no event in the catalogue`);
      // Failed events wait here for a person (14 days) instead of vanishing.
      const deadLetters = new Queue(this, `${name}DeadLetters`, {
        retentionPeriod: Duration.days(14),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      const queue = consumerQueue(consumer);
      const fn = new ProjectFunction(this, name, {
        entry: CONSUMERS[consumer].entry,
        access: consumerAccess(consumer),
        resources: props.resources,
        // 30 s unless the consumer's entry says otherwise; its once-markers' lease is the same number.
        timeout: Duration.seconds(consumerTimeoutSeconds(consumer)),
        reservedConcurrentExecutions: consumerConcurrency(consumer, scale),
        // EventBridge hands the event to Lambda asynchronously; handler errors are retried
        // by Lambda, and only these settings keep an event that keeps failing. (A queue's
        // poller invokes synchronously: its messages are retried and kept by the queue.)
        ...(queue ? {} : { retryAttempts: 2, maxEventAge: Duration.hours(6), deadLetterQueue: deadLetters }),
      });
      // Delivery failures (throttling, a missing permission) are retried by EventBridge, then kept.
      const delivery = { retryAttempts: 4, maxEventAge: Duration.hours(2), deadLetterQueue: deadLetters };
      let target: IRuleTarget;
      if (queue) {
        const messages = new Queue(this, `${name}Queue`, {
          // Hidden while a delivery may still run (six times the timeout, as AWS advises for Lambda pollers).
          visibilityTimeout: Duration.seconds(queueVisibilitySeconds(consumer)),
          encryption: QueueEncryption.SQS_MANAGED,
          enforceSSL: true,
          // A message that failed this many deliveries waits for a person with the rule's failures.
          deadLetterQueue: { queue: deadLetters, maxReceiveCount: queue.maxReceiveCount },
        });
        fn.addEventSource(
          new SqsEventSource(messages, {
            batchSize: queue.batchSize,
            // A failed message is retried alone; the batch's others are done.
            reportBatchItemFailures: true,
            maxConcurrency: queueConcurrency(consumer, scale),
          }),
        );
        target = new SqsQueue(messages, delivery);
      } else {
        target = new LambdaFunction(fn, delivery);
      }
      new Rule(this, `${name}Rule`, {
        eventBus: this.bus,
        eventPattern: { source: [EVENT_SOURCE], detailType: detailTypes },
        targets: [target],
      });
    }
    this.matchSteps = new MatchSteps(this, 'MatchSteps', {
      resources: props.resources,
      access: queueConsumerAccess(MATCH_STEPS.consumer),
      reservedConcurrentExecutions: matchStepsConcurrency(scale),
      maxConcurrency: matchStepsPollers(scale),
    });
    new CfnOutput(this, 'EventBusName', { value: this.bus.eventBusName });
  }
}

import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { CONSUMERS, EVENT_SOURCE, consumerTimeoutSeconds, eventsFor, type ConsumerName } from '#events/catalogue.ts';
import { ProjectFunction, type PlatformResources } from '../constructs/project-function.ts';
import { consumerAccess } from './function-access.ts';

export interface EventsStackProps extends StackProps {
  /** The bus is created here under `resources.eventBusName`. */
  readonly resources: PlatformResources;
}

/** `write-leaderboard-entry` → `WriteLeaderboardEntry`, for construct ids. */
const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/**
 * The event bus and its consumers, one rule per consumer, read from events/catalogue.ts
 * (the table the local runtime dispatches with).
 */
export class EventsStack extends Stack {
  readonly bus: EventBus;

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);
    this.bus = new EventBus(this, 'Bus', { eventBusName: props.resources.eventBusName });

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
      const fn = new ProjectFunction(this, name, {
        entry: CONSUMERS[consumer].entry,
        access: consumerAccess(consumer),
        resources: props.resources,
        // 30 s unless the consumer's entry says otherwise; its once-markers' lease is the same number.
        timeout: Duration.seconds(consumerTimeoutSeconds(consumer)),
        // EventBridge hands the event to Lambda asynchronously; handler errors are retried
        // by Lambda, and only these settings keep an event that keeps failing.
        retryAttempts: 2,
        maxEventAge: Duration.hours(6),
        deadLetterQueue: deadLetters,
      });
      new Rule(this, `${name}Rule`, {
        eventBus: this.bus,
        eventPattern: { source: [EVENT_SOURCE], detailType: detailTypes },
        // Delivery failures (throttling, a missing permission) are retried by EventBridge.
        targets: [new LambdaFunction(fn, { retryAttempts: 4, maxEventAge: Duration.hours(2), deadLetterQueue: deadLetters })],
      });
    }
    new CfnOutput(this, 'EventBusName', { value: this.bus.eventBusName });
  }
}

import { Duration, Stack, TimeZone, type StackProps } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleGroup, ScheduleTargetInput, TimeWindow } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { checkSchedules, SCHEDULES, type ScheduleTable } from '#events/schedules.ts';
import { parseCron } from '../local/cron.ts';
import { ProjectFunction, type FunctionAccess, type PlatformResources } from '../constructs/project-function.ts';
import { concurrencyScale, jobConcurrency } from './concurrency.ts';
import { scheduleAccess } from './function-access.ts';
import { pascal } from './names.ts';

export interface SchedulesStackProps extends StackProps {
  readonly resources: PlatformResources;
  readonly scheduleGroupName: string;
  /** events/schedules.ts unless a test passes a table of its own. */
  readonly schedules?: ScheduleTable;
  /** IAM per job; infra/stacks/function-access.ts unless a test says otherwise. */
  readonly accessOf?: (name: string) => FunctionAccess;
}

/**
 * EventBridge Scheduler, one schedule per entry of events/schedules.ts (the table the local
 * scheduler fires from): the job's function, a schedule in the stage's group with the cron
 * expression verbatim in UTC, and an event carrying the schedule's name, Scheduler's own
 * scheduled time and the checked payload. One role, which only Scheduler may assume for this
 * group, may invoke exactly these functions and write to the dead-letter queue.
 */
export class SchedulesStack extends Stack {
  readonly functions: Record<string, ProjectFunction> = {};

  constructor(scope: Construct, id: string, props: SchedulesStackProps) {
    super(scope, id, { description: 'QuizQuest scheduled jobs (events/schedules.ts)', ...props });
    const table = props.schedules ?? SCHEDULES;
    checkSchedules(table);
    const accessOf = props.accessOf ?? scheduleAccess;
    const scale = concurrencyScale(this);

    const group = new ScheduleGroup(this, 'Group', { scheduleGroupName: props.scheduleGroupName });
    // Runs that fail to be delivered, or keep failing, wait here for a person (14 days).
    const deadLetters = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const invoker = new Role(this, 'InvokerRole', {
      description: 'EventBridge Scheduler invokes the scheduled jobs of this stage, nothing else',
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account, 'aws:SourceArn': group.scheduleGroupArn } },
      }),
    });

    for (const [name, definition] of Object.entries(table)) {
      parseCron(definition.cron); // the local scheduler must read it the same way: refuse what it cannot
      const fn = new ProjectFunction(this, pascal(name), {
        entry: definition.entry,
        description: `Scheduled: ${definition.description}`,
        access: accessOf(name),
        resources: props.resources,
        timeout: Duration.seconds(definition.timeoutSeconds ?? 60),
        // Web traffic cannot starve a job, nor a job the web (infra/stacks/concurrency.ts).
        reservedConcurrentExecutions: jobConcurrency(name, scale),
        // Scheduler invokes asynchronously: a run that throws is retried by Lambda, then kept.
        retryAttempts: 2,
        maxEventAge: Duration.hours(1),
        deadLetterQueue: deadLetters,
      });
      this.functions[name] = fn;
      const schedule = new Schedule(this, `${pascal(name)}Schedule`, {
        scheduleName: name,
        scheduleGroup: group,
        description: definition.description,
        schedule: ScheduleExpression.expression(definition.cron, TimeZone.ETC_UTC),
        timeWindow: TimeWindow.off(),
        target: new LambdaInvoke(fn, {
          role: invoker,
          input: ScheduleTargetInput.fromObject({
            schedule: name,
            scheduledTime: ContextAttribute.scheduledTime,
            payload: definition.payloadSchema.parse(definition.payload),
          }),
          // Delivery failures (throttling, Lambda unavailable): retried within the hour, then kept.
          retryAttempts: 4,
          maxEventAge: Duration.hours(1),
          deadLetterQueue: deadLetters,
        }),
      });
      // The group is named, not referenced, and the role's policy is a resource of its own:
      // without these, CloudFormation may create the schedule before either exists.
      schedule.node.addDependency(group, invoker);
    }
  }
}

import { Duration, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/**
 * The dead-letter queues of a stack: every queue whose id says it holds dead letters (the events
 * and schedules stacks' `…DeadLetters`) and every queue another queue redrives to.
 */
export function deadLetterQueuesOf(stack: Stack): Queue[] {
  const queues = stack.node.findAll().filter((c): c is Queue => c instanceof Queue);
  const redriven = new Set(queues.flatMap((q) => (q.deadLetterQueue ? [q.deadLetterQueue.queue] : [])));
  return queues.filter((q) => /dead-?letter/i.test(q.node.id) || redriven.has(q));
}

export interface DeadLetterAlarmsProps {
  readonly queues: readonly Queue[];
  /** Alarm names are `<alarmPrefix>-dead-letters-<queue id>` (names.ts). */
  readonly alarmPrefix: string;
  readonly action: IAlarmAction;
}

/**
 * One alarm per dead-letter queue, on its first message: each holds work that failed every retry
 * (an event a consumer never handled, a scheduled run that never ran) and keeps it 14 days only.
 */
export class DeadLetterAlarms extends Construct {
  readonly alarms: Alarm[];

  constructor(scope: Construct, id: string, props: DeadLetterAlarmsProps) {
    super(scope, id);
    this.alarms = props.queues.map((queue) => {
      // `SendEmailDeadLetters` → `send-email`; the schedules stack's one `DeadLetters` → `schedules`.
      const owner = queue.node.id.replace(/DeadLetters?$/, '') || Stack.of(queue).stackName.split('-').pop()!;
      const name = owner.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
      const alarm = new Alarm(this, queue.node.id, {
        alarmName: `${props.alarmPrefix}-dead-letters-${name}`,
        alarmDescription: `${queue.node.path}: work that failed every retry waits here (14 days). See the runbook: dead letters.`,
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        // SQS stops publishing for an idle queue: no data is no dead letter.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(props.action);
      return alarm;
    });
  }
}

import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { Construct } from 'constructs';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { AlarmTopic } from '../constructs/alarm-topic.ts';
import { MailEvents } from '../constructs/mail-events.ts';
import { PoolAlarms } from '../constructs/service-alarms.ts';
import type { PlatformNames } from './names.ts';

export interface AlertsStackProps extends StackProps {
  readonly names: PlatformNames;
  /** Context `alarmEmail`: subscribed to the topic. */
  readonly alarmEmail?: string;
}

/**
 * What must exist before every other stack of the stage: the alarm topic (the other stacks'
 * alarms reach it by name) and the SES configuration set (the mail senders name it in every
 * send, which SES refuses for a set that does not exist), with the alarms that need nothing
 * of the other stacks: mail bounces and complaints, Lambda throttles, scheduler failures.
 */
export class AlertsStack extends Stack {
  readonly topic: AlarmTopic;
  readonly mail: MailEvents;
  readonly pools: PoolAlarms;

  constructor(scope: Construct, id: string, props: AlertsStackProps) {
    super(scope, id, { description: 'QuizQuest alarm topic, mail configuration set and stage-wide alarms', ...props });
    const { names } = props;
    this.topic = new AlarmTopic(this, 'Alarms', { topicName: names.alarmTopic, email: props.alarmEmail });
    const action = new SnsAction(this.topic.topic);
    this.mail = new MailEvents(this, 'Mail', { configurationSetName: names.mailConfigurationSet, alarmPrefix: names.alarmPrefix, action });
    this.pools = new PoolAlarms(this, 'Pools', {
      alarmPrefix: names.alarmPrefix,
      action,
      // By name: the schedules stack, which creates the group, comes later (or not at all without jobs).
      scheduleGroup: ScheduleGroup.fromScheduleGroupName(this, 'ScheduleGroup', names.scheduleGroup),
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.topic.topic.topicArn });
  }
}

import { Stack } from 'aws-cdk-lib';
import type { IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Subscription, SubscriptionProtocol, Topic, type ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

export interface AlarmTopicProps {
  /** The topic's name (names.ts `alarmTopic`): every alarm of the stage reaches it by this name. */
  readonly topicName: string;
  /** Context `alarmEmail`: subscribed by e-mail (AWS asks the address to confirm). Without it, no subscription. */
  readonly email?: string;
}

/** The SNS topic every alarm of a stage notifies, and the operator's e-mail subscription to it. */
export class AlarmTopic extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmTopicProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { topicName: props.topicName, displayName: 'QuizQuest alarms', enforceSSL: true });
    if (props.email) {
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(props.email)) throw new Error(`alarmEmail "${props.email}" is not an e-mail address`);
      new Subscription(this, 'Email', { topic: this.topic, protocol: SubscriptionProtocol.EMAIL, endpoint: props.email });
    }
  }
}

/**
 * The alarm action of a stack whose alarms notify the stage's topic: the topic by its name (an
 * ARN in this stack's account and region), not a reference, so no stack exports it or depends on
 * another's outputs for it; the topic's stack is deployed first (platform.ts).
 */
export function alarmActionOf(scope: Construct, topicName: string): IAlarmAction {
  const stack = Stack.of(scope);
  const id = 'AlarmTopic';
  const topic = (stack.node.tryFindChild(id) as ITopic | undefined) ?? Topic.fromTopicArn(stack, id, stack.formatArn({ service: 'sns', resource: topicName }));
  return new SnsAction(topic);
}

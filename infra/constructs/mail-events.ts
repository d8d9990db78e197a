import { Duration, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { CloudWatchDimensionSource, ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

/** The dimension SES publishes the configuration set's events under (its automatic message tag). */
export const MAIL_DIMENSION = 'ses:configuration-set';
/** The variable functions/lib/mail.ts passes as ConfigurationSetName. */
export const MAIL_CONFIGURATION_SET_ENV = 'MAIL_CONFIGURATION_SET';

/** SES's own review thresholds are 5 % bounces and 0.1 % complaints; we look well before them. */
export const MAIL_ALARMS = { bounceRatePercent: 5, minimumSends: 20, complaints: 1 } as const;

export interface MailEventsProps {
  /** names.ts `mailConfigurationSet`. */
  readonly configurationSetName: string;
  readonly alarmPrefix: string;
  readonly action: IAlarmAction;
}

/**
 * The SES configuration set every mail goes out with, its CloudWatch event destination (sends,
 * deliveries, bounces, complaints, rejects, counted per configuration set) and the alarms on
 * bounces and complaints, which SES holds against the account's reputation.
 */
export class MailEvents extends Construct {
  readonly configurationSet: ConfigurationSet;
  readonly alarms: Alarm[];

  constructor(scope: Construct, id: string, props: MailEventsProps) {
    super(scope, id);
    const name = props.configurationSetName;
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', { configurationSetName: name, reputationMetrics: true });
    this.configurationSet.addEventDestination('CloudWatch', {
      destination: EventDestination.cloudWatchDimensions([{ name: MAIL_DIMENSION, source: CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: name }]),
      events: [EmailSendingEvent.SEND, EmailSendingEvent.DELIVERY, EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT, EmailSendingEvent.REJECT],
    });
    const metric = (metricName: string) => mailMetric(name, metricName);
    const bounces = new Alarm(this, 'Bounces', {
      alarmName: `${props.alarmPrefix}-mail-bounces`,
      alarmDescription: `More than ${MAIL_ALARMS.bounceRatePercent} % of an hour's mails bounced (at least ${MAIL_ALARMS.minimumSends} sent). See the runbook: mail bounces.`,
      metric: new MathExpression({
        expression: `IF(sends >= ${MAIL_ALARMS.minimumSends}, 100 * FILL(bounces, 0) / sends, 0)`,
        usingMetrics: { sends: metric('Send'), bounces: metric('Bounce') },
        period: Duration.hours(1),
        label: 'bounce rate (%)',
      }),
      threshold: MAIL_ALARMS.bounceRatePercent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const complaints = new Alarm(this, 'Complaints', {
      alarmName: `${props.alarmPrefix}-mail-complaints`,
      alarmDescription: 'A recipient marked one of our mails as spam. See the runbook: mail complaints.',
      metric: metric('Complaint'),
      threshold: MAIL_ALARMS.complaints,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.alarms = [bounces, complaints];
    for (const alarm of this.alarms) alarm.addAlarmAction(props.action);
  }
}

/** An SES event count of the configuration set, summed by the hour. */
export function mailMetric(configurationSetName: string, metricName: string): Metric {
  return new Metric({ namespace: 'AWS/SES', metricName, dimensionsMap: { [MAIL_DIMENSION]: configurationSetName }, period: Duration.hours(1), statistic: 'Sum' });
}

/**
 * Makes a mail-sending function send with the configuration set: its name in the environment
 * (functions/lib/mail.ts passes it as ConfigurationSetName) and `ses:SendEmail` on the set, which
 * SES authorises besides the identity once a send names one.
 */
export function sendWithConfigurationSet(fn: LambdaFunction, configurationSetName: string): void {
  fn.addEnvironment(MAIL_CONFIGURATION_SET_ENV, configurationSetName);
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [Stack.of(fn).formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSetName })],
    }),
  );
}

/** Whether a function's role may send mail (ProjectFunction grants `ses:SendEmail` to the `sendMail` access flag only). */
export function sendsMail(fn: LambdaFunction): boolean {
  const policy = fn.role?.node.tryFindChild('DefaultPolicy');
  if (!(policy instanceof Policy)) return false;
  return JSON.stringify(Stack.of(fn).resolve(policy.document.toJSON())).includes('"ses:SendEmail"');
}

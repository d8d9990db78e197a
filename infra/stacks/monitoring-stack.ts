import { Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi, IWebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Alarm, CfnAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { Construct } from 'constructs';
import { alarmActionOf } from '../constructs/alarm-topic.ts';
import { OperationsDashboard } from '../constructs/operations-dashboard.ts';
import { ApiAlarms } from '../constructs/service-alarms.ts';
import type { PlatformNames } from './names.ts';

export interface MonitoringStackProps extends StackProps {
  readonly names: PlatformNames;
  readonly httpApi: IHttpApi;
  readonly webSocketApi: IWebSocketApi;
  readonly table: ITable;
  readonly indexNames: readonly string[];
  /** Where the functions put the product metrics (project-function.ts metricsNamespace). */
  readonly productNamespace: string;
  /** The names of the alarms the other stacks hold (their own functions' and queues'), for the dashboard. */
  readonly alarmNames: readonly string[];
}

/**
 * The last stack of a stage: the alarms on the APIs and the table (which it reaches through the
 * exports those stacks already have for the later stacks) and the stage's one dashboard.
 */
export class MonitoringStack extends Stack {
  readonly alarms: ApiAlarms;
  readonly dashboard: OperationsDashboard;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, { description: 'QuizQuest API and table alarms, and the stage dashboard', ...props });
    const { names } = props;
    this.alarms = new ApiAlarms(this, 'Api', {
      alarmPrefix: names.alarmPrefix,
      action: alarmActionOf(this, names.alarmTopic),
      httpApi: props.httpApi,
      webSocketApi: props.webSocketApi,
      table: props.table,
      indexNames: props.indexNames,
    });
    const own = this.alarms.alarms.map((alarm) => alarmNameOf(alarm));
    this.dashboard = new OperationsDashboard(this, 'Dashboard', {
      dashboardName: names.alarmPrefix,
      httpApi: props.httpApi,
      webSocketApi: props.webSocketApi,
      table: props.table,
      scheduleGroup: ScheduleGroup.fromScheduleGroupName(this, 'ScheduleGroup', names.scheduleGroup),
      mailConfigurationSetName: names.mailConfigurationSet,
      productNamespace: props.productNamespace,
      alarmNames: [...props.alarmNames, ...own],
    });
  }
}

/** The name an alarm was given (a plain string, where `alarm.alarmName` is a reference). */
export function alarmNameOf(alarm: Alarm): string {
  const name = (alarm.node.defaultChild as CfnAlarm).alarmName;
  if (!name) throw new Error(`${alarm.node.path} has no fixed name`);
  return name;
}

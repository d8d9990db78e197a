import { Duration } from 'aws-cdk-lib';
import type { IHttpApi, IWebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, AlarmStatusWidget, Dashboard, GraphWidget, Metric, TextWidget, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { METRIC } from '#functions/lib/metrics.ts';
import { mailMetric } from './mail-events.ts';
import { SERVICE_NAME } from './project-function.ts';

export interface OperationsDashboardProps {
  readonly dashboardName: string;
  readonly httpApi: IHttpApi;
  readonly webSocketApi: IWebSocketApi;
  readonly table: ITable;
  readonly scheduleGroup: IScheduleGroup;
  readonly mailConfigurationSetName: string;
  /** The stage's product metrics (functions/lib/metrics.ts, embedded by the functions): project-function.ts metricsNamespace. */
  readonly productNamespace: string;
  /** Every alarm of the stage, by name (names are fixed, so no stack exports them). */
  readonly alarmNames: readonly string[];
}

const FIVE_MINUTES = Duration.minutes(5);
const sum = { period: FIVE_MINUTES, statistic: 'Sum' };

/**
 * One dashboard of a stage: every alarm's state on top, then the traffic beside its failures:
 * HTTP requests and 4xx/5xx, WebSocket connects and messages and errors, Lambda invocations,
 * errors, throttles and concurrency (the region's), the table's consumption and throttles,
 * mails sent, bounced and complained about, the scheduler's runs and failures, and the product's
 * own counts (rounds finished, late answers refused, pushes to gone sockets, AI fallbacks, mails).
 */
export class OperationsDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    const alarms = props.alarmNames.map((name) => Alarm.fromAlarmName(this, `Alarm-${name}`, name));
    const graph = (title: string, left: IMetric[], right: IMetric[] = []) => new GraphWidget({ title, left, right, width: 8, height: 6 });
    const ws = (name: string) => props.webSocketApi.metric(name, sum);
    const lambda = (name: string, statistic = 'Sum') => new Metric({ namespace: 'AWS/Lambda', metricName: name, period: FIVE_MINUTES, statistic });
    const table = (name: string) => new Metric({ namespace: 'AWS/DynamoDB', metricName: name, dimensionsMap: { TableName: props.table.tableName }, ...sum });
    const mail = (name: string) => mailMetric(props.mailConfigurationSetName, name);
    const group = props.scheduleGroup;
    // Powertools publishes each with the service as its one dimension.
    const product = (name: string) => new Metric({ namespace: props.productNamespace, metricName: name, dimensionsMap: { service: SERVICE_NAME }, ...sum });

    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: props.dashboardName, defaultInterval: Duration.days(1) });
    this.dashboard.addWidgets(
      new TextWidget({ markdown: `# ${props.dashboardName}\nAlarms notify the stage's SNS topic; the runbook says what each means and what to do.`, width: 24, height: 2 }),
      new AlarmStatusWidget({ title: 'Alarms', alarms, width: 24, height: Math.min(12, 2 + Math.ceil(alarms.length / 4)) }),
    );
    this.dashboard.addWidgets(
      graph('HTTP API requests', [props.httpApi.metricCount(sum)], [props.httpApi.metricClientError(sum), props.httpApi.metricServerError(sum)]),
      graph('HTTP API latency (p90, ms)', [props.httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p90' }), props.httpApi.metricIntegrationLatency({ period: FIVE_MINUTES, statistic: 'p90' })]),
      graph('WebSocket', [ws('ConnectCount'), ws('MessageCount')], [ws('ClientError'), ws('ExecutionError'), ws('IntegrationError')]),
    );
    this.dashboard.addWidgets(
      graph('Lambda (region)', [lambda('Invocations')], [lambda('Errors'), lambda('Throttles')]),
      graph('Lambda concurrency (region, max)', [lambda('ConcurrentExecutions', 'Maximum')]),
      graph('Table', [table('ConsumedReadCapacityUnits'), table('ConsumedWriteCapacityUnits')], [table('ReadThrottleEvents'), table('WriteThrottleEvents')]),
    );
    this.dashboard.addWidgets(
      graph('Mail (hourly)', [mail('Send'), mail('Delivery')], [mail('Bounce'), mail('Complaint'), mail('Reject')]),
      graph('Scheduled jobs', [group.metricAttempts(sum)], [group.metricTargetErrors(sum), group.metricDropped(sum), group.metricSentToDLQ(sum)]),
      graph('Product', [product(METRIC.roundsFinished), product(METRIC.mailsSent)], [product(METRIC.answersRefusedLate), product(METRIC.pushesGone), product(METRIC.aiFallbacks), product(METRIC.mailsFailed)]),
    );
  }
}

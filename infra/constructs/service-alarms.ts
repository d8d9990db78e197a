import { Duration } from 'aws-cdk-lib';
import type { IHttpApi, IWebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IAlarmAction, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';

const FIVE_MINUTES = Duration.minutes(5);

/** What each alarm of the shared services fires at (the runbook explains each). */
export const SERVICE_ALARMS = {
  /** Per cent of an HTTP API's requests answered 5xx in five minutes, once it had this many requests. */
  http5xxPercent: 5,
  http5xxMinimumRequests: 20,
  /** WebSocket integration and execution errors in five minutes. */
  webSocketErrors: 5,
} as const;

interface AlarmOf {
  readonly alarmPrefix: string;
  readonly action: IAlarmAction;
}

function alarm(scope: Construct, id: string, name: string, props: AlarmOf & { metric: IMetric; threshold: number; description: string; comparison?: ComparisonOperator }): Alarm {
  const created = new Alarm(scope, id, {
    alarmName: `${props.alarmPrefix}-${name}`,
    alarmDescription: props.description,
    metric: props.metric,
    threshold: props.threshold,
    comparisonOperator: props.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
    // No traffic is no failure.
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  created.addAlarmAction(props.action);
  return created;
}

/** Alarms on the stage's APIs and table: HTTP 5xx rate, WebSocket errors, DynamoDB throttles. */
export class ApiAlarms extends Construct {
  readonly alarms: Alarm[];

  constructor(scope: Construct, id: string, props: AlarmOf & { httpApi: IHttpApi; webSocketApi: IWebSocketApi; table: ITable; indexNames: readonly string[] }) {
    super(scope, id);
    const { http5xxPercent, http5xxMinimumRequests, webSocketErrors } = SERVICE_ALARMS;
    const sum = { period: FIVE_MINUTES, statistic: 'Sum' };
    const http5xx = alarm(this, 'Http5xx', 'http-5xx', {
      ...props,
      description: `More than ${http5xxPercent} % of the HTTP API's requests in five minutes were answered 5xx. See the runbook: HTTP 5xx.`,
      metric: new MathExpression({
        expression: `IF(requests >= ${http5xxMinimumRequests}, 100 * FILL(errors, 0) / requests, 0)`,
        usingMetrics: { requests: props.httpApi.metricCount(sum), errors: props.httpApi.metricServerError(sum) },
        period: FIVE_MINUTES,
        label: 'HTTP 5xx (%)',
      }),
      threshold: http5xxPercent,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    const ws = (metricName: string) => props.webSocketApi.metric(metricName, sum);
    const webSocket = alarm(this, 'WebSocketErrors', 'websocket-errors', {
      ...props,
      description: `${webSocketErrors} or more WebSocket messages in five minutes failed in API Gateway or in their function. See the runbook: WebSocket errors.`,
      metric: new MathExpression({
        expression: 'FILL(execution, 0) + FILL(integration, 0)',
        usingMetrics: { execution: ws('ExecutionError'), integration: ws('IntegrationError') },
        period: FIVE_MINUTES,
        label: 'WebSocket errors',
      }),
      threshold: webSocketErrors,
    });
    // Reads and writes of the table and of each index; metric math takes ten metrics, a table has at most five indexes here.
    const tableMetric = (metricName: string, index?: string) =>
      new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: props.table.tableName, ...(index ? { GlobalSecondaryIndexName: index } : {}) }, ...sum });
    const throttleMetrics: Record<string, IMetric> = { r: tableMetric('ReadThrottleEvents'), w: tableMetric('WriteThrottleEvents') };
    props.indexNames.forEach((index, i) => {
      throttleMetrics[`r${i}`] = tableMetric('ReadThrottleEvents', index);
      throttleMetrics[`w${i}`] = tableMetric('WriteThrottleEvents', index);
    });
    if (Object.keys(throttleMetrics).length > 10) throw new Error('The table throttle alarm takes at most 4 indexes (10 metrics)');
    const table = alarm(this, 'TableThrottles', 'table-throttles', {
      ...props,
      description: 'DynamoDB throttled reads or writes of the table or an index (on-demand: a hot partition or the account limit). See the runbook: table throttles.',
      metric: new MathExpression({
        expression: `SUM([${Object.keys(throttleMetrics).map((m) => `FILL(${m}, 0)`).join(', ')}])`,
        usingMetrics: throttleMetrics,
        period: FIVE_MINUTES,
        label: 'table throttle events',
      }),
      threshold: 1,
    });
    this.alarms = [http5xx, webSocket, table];
  }
}

/**
 * Alarms of the region's shared pools, reachable by name before anything else exists: Lambda
 * throttles (the functions without reserved concurrency share the account's pool, so a throttle
 * means it is spent, for every area at once; the reserving ones are watched per area in
 * function-alarms.ts) and EventBridge Scheduler runs that failed or were dropped.
 */
export class PoolAlarms extends Construct {
  readonly alarms: Alarm[];

  constructor(scope: Construct, id: string, props: AlarmOf & { scheduleGroup: IScheduleGroup }) {
    super(scope, id);
    const sum = { period: FIVE_MINUTES, statistic: 'Sum' };
    const throttles = alarm(this, 'LambdaThrottles', 'lambda-throttles', {
      ...props,
      description: 'Lambda refused invocations in this region for want of concurrency (account quota). See the runbook: Lambda throttles.',
      metric: new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', ...sum }),
      threshold: 1,
    });
    const group = props.scheduleGroup;
    const scheduler = alarm(this, 'SchedulerFailures', 'scheduler-failures', {
      ...props,
      description: 'EventBridge Scheduler could not invoke a scheduled job, dropped a run after its retries, or could not keep it in the dead-letter queue. See the runbook: scheduler failures.',
      metric: new MathExpression({
        expression: 'FILL(targetErrors, 0) + FILL(dropped, 0) + FILL(lost, 0)',
        usingMetrics: { targetErrors: group.metricTargetErrors(sum), dropped: group.metricDropped(sum), lost: group.metricFailedToBeSentToDLQ(undefined, sum) },
        period: FIVE_MINUTES,
        label: 'scheduler failures',
      }),
      threshold: 1,
    });
    this.alarms = [throttles, scheduler];
  }
}

import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData, type IAlarmAction, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

/** CloudWatch's ceiling: an alarm's metric math may use at most 10 metrics. */
export const METRICS_PER_ALARM = 10;

export interface FunctionAlarmsProps {
  /** The area the functions serve (an API area, `consumers`, `schedules`, `realtime`, `auth-triggers`). */
  readonly area: string;
  readonly functions: readonly IFunction[];
  /** Alarm names are `<alarmPrefix>-errors-<area>[-<n>]` (names.ts). */
  readonly alarmPrefix: string;
  readonly action: IAlarmAction;
}

/**
 * Errors of every function of one area: an alarm per ten functions (metric math's ceiling), each
 * firing on the first error of any of them in five minutes. Per function it costs one alarm
 * metric ($0.10 a month). Throttles: of the functions that reserve concurrency, per area (below);
 * of the others once for the region (service-alarms.ts PoolAlarms), since they share the account's
 * pool and a throttle among them means the pool is spent for every area at once.
 */
export class FunctionAlarms extends Construct {
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: FunctionAlarmsProps) {
    super(scope, id);
    const { area, functions } = props;
    if (functions.length === 0) throw new Error(`Area ${area} has no functions to watch`);
    const chunks = Math.ceil(functions.length / METRICS_PER_ALARM);
    for (let c = 0; c < chunks; c += 1) {
      const group = functions.slice(c * METRICS_PER_ALARM, (c + 1) * METRICS_PER_ALARM);
      const usingMetrics: Record<string, IMetric> = Object.fromEntries(
        group.map((fn, i) => [`e${i}`, fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' })]),
      );
      // FILL: a function without invocations has no data point, which would hide the others' errors from a plain sum.
      const expression = `SUM([${Object.keys(usingMetrics).map((m) => `FILL(${m}, 0)`).join(', ')}])`;
      const suffix = chunks > 1 ? `-${c + 1}` : '';
      const alarm = new Alarm(this, `Errors${suffix}`, {
        alarmName: `${props.alarmPrefix}-errors-${area}${suffix}`,
        alarmDescription: `A function of the ${area} area failed (Lambda Errors: an exception, timeout or crash). See the runbook: Lambda errors.`,
        metric: new MathExpression({ expression, usingMetrics, period: Duration.minutes(5), label: `${area} errors` }),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(props.action);
      this.alarms.push(alarm);
    }
    this.watchThrottles(props);
  }

  /**
   * Throttles of the area's functions that reserve concurrency (the event consumers): such a
   * function is throttled at its own ceiling, before the region's pool runs out. Fifteen minutes
   * of it means its events pile up (retried for hours, then dead letters), not a passing burst.
   */
  private watchThrottles(props: FunctionAlarmsProps): void {
    const reserving = props.functions.filter((fn) => (fn.node.defaultChild as CfnFunction | undefined)?.reservedConcurrentExecutions !== undefined);
    const chunks = Math.ceil(reserving.length / METRICS_PER_ALARM);
    for (let c = 0; c < chunks; c += 1) {
      const group = reserving.slice(c * METRICS_PER_ALARM, (c + 1) * METRICS_PER_ALARM);
      const usingMetrics: Record<string, IMetric> = Object.fromEntries(
        group.map((fn, i) => [`t${i}`, fn.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' })]),
      );
      const suffix = chunks > 1 ? `-${c + 1}` : '';
      const alarm = new Alarm(this, `Throttles${suffix}`, {
        alarmName: `${props.alarmPrefix}-throttles-${props.area}${suffix}`,
        alarmDescription: `A function of the ${props.area} area was throttled at its reserved concurrency for 15 minutes. See the runbook: Lambda throttles.`,
        metric: new MathExpression({
          expression: `SUM([${Object.keys(usingMetrics).map((m) => `FILL(${m}, 0)`).join(', ')}])`,
          usingMetrics,
          period: Duration.minutes(5),
          label: `${props.area} throttles`,
        }),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 3,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(props.action);
      this.alarms.push(alarm);
    }
  }
}

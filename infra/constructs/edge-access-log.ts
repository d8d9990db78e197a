import { ArnFormat, RemovalPolicy, Stack, type CfnCondition, type CfnResource } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { CfnDelivery, CfnDeliveryDestination, CfnDeliverySource, CfnLogGroup, LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/**
 * The fields of CloudFront's access log (standard logging v2 chooses them): no query string
 * (`/reset-password?token=…`, the WebSocket's `?token=` on /ws), no cookies and no Referer
 * (a page's Referer carries its query string).
 */
export const EDGE_ACCESS_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'x-edge-request-id',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'cs-protocol',
  'cs-protocol-version',
  'sc-status',
  'sc-bytes',
  'cs-bytes',
  'time-taken',
  'time-to-first-byte',
  'cs(User-Agent)',
  'ssl-protocol',
  'x-edge-result-type',
  'x-edge-response-result-type',
  'x-edge-detailed-result-type',
  'sc-content-type',
] as const;

export interface EdgeAccessLogProps {
  readonly distribution: IDistribution;
  /** Log delivery names (source, destination) start with this. */
  readonly name: string;
  /** CloudFront's log delivery source exists in us-east-1 only: everything here is created where this holds. */
  readonly condition: CfnCondition;
}

/** CloudFront's access log (standard logging v2) into a CloudWatch log group, with the fields above only. */
export class EdgeAccessLog extends Construct {
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: EdgeAccessLogProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    const source = new CfnDeliverySource(this, 'Source', {
      name: `${props.name}-cloudfront`,
      logType: 'ACCESS_LOGS',
      resourceArn: stack.formatArn({ service: 'cloudfront', region: '', resource: 'distribution', resourceName: props.distribution.distributionId }),
    });
    const destination = new CfnDeliveryDestination(this, 'Destination', {
      name: `${props.name}-cloudfront-logs`,
      outputFormat: 'json',
      destinationResourceArn: stack.formatArn({ service: 'logs', resource: 'log-group', resourceName: this.logGroup.logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
    });
    const delivery = new CfnDelivery(this, 'Delivery', {
      deliverySourceName: `${props.name}-cloudfront`,
      deliveryDestinationArn: destination.attrArn,
      recordFields: [...EDGE_ACCESS_LOG_FIELDS],
    });
    delivery.node.addDependency(source);
    for (const resource of [this.logGroup.node.defaultChild as CfnLogGroup, source, destination, delivery] as CfnResource[]) resource.cfnOptions.condition = props.condition;
  }
}

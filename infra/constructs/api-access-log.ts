import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, type IAccessLogSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/**
 * What an HTTP API access log line records: the route key (`POST /api/auth/sign-in`), never the
 * raw path or query string (a reset link's `?token=`), no header and nothing of the authorizer
 * (claims, tokens). The address is the edge's view (CloudFront's, for requests through it).
 */
export const HTTP_ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationStatus: '$context.integrationStatus',
  integrationLatencyMs: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
} as const;

/**
 * What a WebSocket API access log line records: the route key (`$connect`, `subscribe`) and the
 * connection, never the request's query string: the browser's access token travels as `?token=`.
 */
export const WEBSOCKET_ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  eventType: '$context.eventType',
  routeKey: '$context.routeKey',
  connectionId: '$context.connectionId',
  status: '$context.status',
  integrationLatencyMs: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
} as const;

/** A log group for one API's access log and the settings of a stage that writes JSON lines of `fields` to it. */
export function apiAccessLog(scope: Construct, id: string, fields: Readonly<Record<string, string>>): { logGroup: LogGroup; settings: IAccessLogSettings } {
  const logGroup = new LogGroup(scope, id, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
  return { logGroup, settings: { destination: new LogGroupLogDestination(logGroup), format: AccessLogFormat.custom(JSON.stringify(fields)) } };
}

/**
 * WebSocket (like REST) APIs write logs through the role set on the account's API Gateway settings
 * (HTTP APIs use a service-linked role instead). One setting per account and region: each stage
 * sets the same managed-policy role, and a stack's deletion leaves the setting as it is.
 */
export class ApiGatewayAccountLogging extends Construct {
  readonly account: CfnAccount;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description: 'API Gateway writes the WebSocket API access log with this role',
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
    });
    this.account = new CfnAccount(this, 'Account', { cloudWatchRoleArn: role.roleArn });
  }
}

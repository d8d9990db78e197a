import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { ROUTE_SELECTION_EXPRESSION, WEBSOCKET_AUTHORIZER, WEBSOCKET_ROUTES, WEBSOCKET_THROTTLE } from '#functions/realtime/routes.ts';
import { ProjectFunction, type FunctionAccess, type PlatformResources, type WebSocketResources } from '../constructs/project-function.ts';
import { apiAccessLog, ApiGatewayAccountLogging, WEBSOCKET_ACCESS_LOG_FIELDS } from '../constructs/api-access-log.ts';
import { realtimeAccess } from './function-access.ts';

export interface RealtimeStackProps extends StackProps {
  /** Without `webSocket`: this stack creates it. */
  readonly resources: Omit<PlatformResources, 'webSocket'>;
  /** IAM per function; infra/stacks/function-access.ts unless a test says otherwise. */
  readonly accessOf?: (name: string) => FunctionAccess;
}

/**
 * The WebSocket API: routes selected by `$request.body.action`, one Lambda per
 * entry of functions/realtime/routes.ts (the table the local gateway serves), `$connect`
 * behind a Lambda REQUEST authorizer reading `?token=`. The stage is named `ws`, so
 * CloudFront's `/ws` behaviour (web stack) reaches it on the site's own origin, and the
 * management endpoint functions push through is `https://<api>.execute-api.<region>.amazonaws.com/ws`.
 */
export const WEBSOCKET_STAGE = 'ws';

export class RealtimeStack extends Stack {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** What a function that pushes needs (PlatformResources.webSocket). */
  readonly webSocket: WebSocketResources;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, { description: 'QuizQuest WebSocket API (notifications, chat, live matches)', ...props });
    const accessOf = props.accessOf ?? realtimeAccess;
    const fn = (name: string, entry: `functions/${string}.ts`, resources: PlatformResources = props.resources) => new ProjectFunction(this, name, { entry, resources, access: accessOf(name) });

    const authorizer = new WebSocketLambdaAuthorizer('Authorizer', fn(WEBSOCKET_AUTHORIZER.name, WEBSOCKET_AUTHORIZER.entry), {
      identitySource: [WEBSOCKET_AUTHORIZER.identitySource],
    });
    const route = (key: string) => WEBSOCKET_ROUTES.find((r) => r.routeKey === key)!;
    const integration = (key: string, resources?: PlatformResources) => {
      const r = route(key);
      return new WebSocketLambdaIntegration(`${r.name}Integration`, fn(r.name, r.entry, resources));
    };

    this.api = new WebSocketApi(this, 'Api', {
      apiName: `${id}-ws`,
      routeSelectionExpression: ROUTE_SELECTION_EXPRESSION,
      connectRouteOptions: { integration: integration('$connect'), authorizer },
      disconnectRouteOptions: { integration: integration('$disconnect') },
    });
    // The management endpoint, from the API's id rather than the stage (which depends on the routes): the
    // message routes count each socket's frames and close a flooding one (functions/realtime/frame-limit.ts).
    this.webSocket = { apiId: this.api.apiId, stageName: WEBSOCKET_STAGE, callbackUrl: `https://${this.api.apiId}.execute-api.${this.region}.${this.urlSuffix}/${WEBSOCKET_STAGE}` };
    for (const r of WEBSOCKET_ROUTES) {
      if (r.routeKey === '$connect' || r.routeKey === '$disconnect') continue;
      this.api.addRoute(r.routeKey, { integration: integration(r.routeKey, { ...props.resources, webSocket: this.webSocket }), returnResponse: r.reply });
    }
    // Route keys and connection ids only: the access token is the $connect request's query string.
    const accessLog = apiAccessLog(this, 'AccessLog', WEBSOCKET_ACCESS_LOG_FIELDS);
    const logging = new ApiGatewayAccountLogging(this, 'AccountLogging');
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: WEBSOCKET_STAGE,
      autoDeploy: true,
      // Each route's ceiling for the whole stage, so a flood queues nobody's Lambdas behind it
      // (API Gateway has no per-connection limit; $connect caps each account's sockets).
      throttle: { rateLimit: WEBSOCKET_THROTTLE.stageRatePerSecond, burstLimit: WEBSOCKET_THROTTLE.stageBurst },
      accessLogSettings: accessLog.settings,
    });
    // A WebSocket stage's log settings are refused until the account has API Gateway's log role.
    this.stage.node.addDependency(logging.account);

    new CfnOutput(this, 'WebSocketUrl', { value: this.stage.url });
  }
}

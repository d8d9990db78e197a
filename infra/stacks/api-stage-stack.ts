import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnStage, HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Construct } from 'constructs';
import { API_THROTTLE, isAuthPath } from '#functions/throttle.ts';
import type { ApiRoute } from '#functions/routes.ts';
import { apiAccessLog, HTTP_ACCESS_LOG_FIELDS } from '../constructs/api-access-log.ts';

export interface ApiStageStackProps extends StackProps {
  /** The API stack's HTTP API, by id. */
  readonly httpApiId: string;
  /** Every route of the API (functions/routes.ts): those under /api/auth/ get the stricter limit. */
  readonly routes: readonly ApiRoute[];
}

/**
 * The HTTP API's `$default` stage, deployed after every area's routes: API Gateway refuses route
 * settings (the stricter /api/auth/* throttle) for a route that does not exist yet, so the stage
 * cannot live in the API stack, which the area stacks follow. Throttling (functions/throttle.ts,
 * the limits the local gateway applies too) and the access log (JSON, route keys, no tokens).
 */
export class ApiStageStack extends Stack {
  readonly stage: HttpStage;

  constructor(scope: Construct, id: string, props: ApiStageStackProps) {
    super(scope, id, { description: 'QuizQuest HTTP API stage: throttling and access log', ...props });
    const httpApi = HttpApi.fromHttpApiAttributes(this, 'Api', { httpApiId: props.httpApiId });
    const accessLog = apiAccessLog(this, 'AccessLog', HTTP_ACCESS_LOG_FIELDS);
    this.stage = new HttpStage(this, 'Stage', {
      httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: API_THROTTLE.stage.ratePerSecond, burstLimit: API_THROTTLE.stage.burst },
      accessLogSettings: accessLog.settings,
    });
    const authRoutes = props.routes.filter((route) => isAuthPath(route.path));
    if (authRoutes.length === 0) throw new Error('No route under /api/auth/ to throttle');
    // Raw CloudFormation (RouteSettings is untyped JSON keyed by route key).
    (this.stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      authRoutes.map((route) => [`${route.method} ${route.path}`, { ThrottlingRateLimit: API_THROTTLE.auth.ratePerSecond, ThrottlingBurstLimit: API_THROTTLE.auth.burst }]),
    );
    new CfnOutput(this, 'AccessLogGroup', { value: accessLog.logGroup.logGroupName });
  }
}

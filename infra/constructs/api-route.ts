import { Duration } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi, type IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { ApiRoute } from '#functions/routes.ts';
import { routeAccess } from '../stacks/function-access.ts';
import { ProjectFunction, type FunctionAccess, type PlatformResources } from './project-function.ts';

export interface ApiRouteHandlerProps {
  readonly route: ApiRoute;
  readonly api: IHttpApi;
  /** Bound to the route when it is `auth: 'jwt'`. */
  readonly authorizer: IHttpRouteAuthorizer;
  readonly resources: PlatformResources;
  /** Proves a request came through CloudFront (see functions/lib/viewer-address.ts). */
  readonly edgeSecret: ISecret;
  /** The function's IAM; infra/stacks/function-access.ts unless a test says otherwise. */
  readonly access?: FunctionAccess;
}

/**
 * The scope Cognito puts in every access token of the user-pool API (sign-in, refresh). An ID
 * token has no `scope`, and the HTTP API's JWT authorizer accepts a token whose `aud` OR
 * `client_id` is our client, so demanding this scope is what keeps ID tokens out in AWS.
 */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

/**
 * How long a route may take. API Gateway gives an HTTP API integration at most 30 s; the
 * integration waits 29 s and the function stops at 28 s, so a slow route ends in its own
 * answer rather than the gateway's bare 503. Routes that call the AI layer (access flag `ai`:
 * Bedrock streaming a tutor answer or an explanation, Titan embedding a document) need that
 * long; every other route keeps the project's 10 s, so a stuck call is cut short.
 */
export const AI_ROUTE_TIMEOUT = { function: Duration.seconds(28), integration: Duration.seconds(29) } as const;

/**
 * One entry of the route table in AWS: its function (IAM from infra/stacks/function-access.ts),
 * the integration, the route on the HTTP API and the permission for API Gateway to invoke it.
 * Everything a route costs sits under this construct, so a stack's resources per route can be
 * counted (tests/infra/stack-size.test.ts).
 */
export class ApiRouteHandler extends Construct {
  readonly function: ProjectFunction;

  constructor(scope: Construct, id: string, props: ApiRouteHandlerProps) {
    super(scope, id);
    const { route } = props;
    const access = props.access ?? routeAccess(route.name);
    this.function = new ProjectFunction(this, 'Function', {
      entry: route.entry,
      description: `${route.method} ${route.path}`,
      access,
      resources: props.resources,
      ...(access.ai ? { timeout: AI_ROUTE_TIMEOUT.function } : {}),
    });
    // A low-value secret (it only says whether to trust x-viewer-address), so an
    // environment variable rather than a Secrets Manager call on every cold start.
    this.function.addEnvironment('EDGE_SECRET', props.edgeSecret.secretValue.unsafeUnwrap());
    new HttpRoute(this, 'Route', {
      httpApi: props.api,
      routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
      integration: new HttpLambdaIntegration('Integration', this.function, access.ai ? { timeout: AI_ROUTE_TIMEOUT.integration } : {}),
      ...(route.auth === 'jwt' ? { authorizer: props.authorizer, authorizationScopes: [ACCESS_TOKEN_SCOPE] } : {}),
    });
  }
}

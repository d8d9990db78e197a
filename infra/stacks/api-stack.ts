import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ROUTES } from '#functions/routes.ts';
import { ProjectFunction, type PlatformResources } from '../constructs/project-function.ts';
import { routeAccess } from './function-access.ts';

export interface ApiStackProps extends StackProps {
  readonly resources: PlatformResources;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** Proves a request came through CloudFront (see functions/lib/viewer-address.ts). */
  readonly edgeSecret: ISecret;
}

/** The HTTP API: one Lambda per entry of ROUTES, the table the local API emulation serves too. */
export class ApiStack extends Stack {
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    this.api = new HttpApi(this, 'HttpApi', { description: 'Quiz platform API (served under /api by CloudFront)' });
    // Verifies the Cognito token (issuer = the pool, audience = our client) before any Lambda runs.
    const authorizer = new HttpUserPoolAuthorizer('Cognito', props.userPool, { userPoolClients: [props.userPoolClient] });

    for (const route of ROUTES) {
      const fn = new ProjectFunction(this, route.name, {
        entry: route.entry,
        description: `${route.method} ${route.path}`,
        access: routeAccess(route.name),
        resources: props.resources,
      });
      // A low-value secret (it only says whether to trust x-viewer-address), so an
      // environment variable rather than a Secrets Manager call on every cold start.
      fn.addEnvironment('EDGE_SECRET', props.edgeSecret.secretValue.unsafeUnwrap());
      this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.name}Integration`, fn),
        ...(route.auth === 'jwt' ? { authorizer } : {}),
      });
    }
    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
  }
}

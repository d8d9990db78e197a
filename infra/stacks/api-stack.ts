import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpAuthorizer, HttpAuthorizerType } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';

export interface ApiStackProps extends StackProps {
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
}

/**
 * The HTTP API and its Cognito JWT authorizer, and nothing else: the routes and their
 * functions live in one stack per area (api-area-stack.ts), which add themselves to this
 * API. This stack stays a handful of resources however many routes there are.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly authorizer: HttpAuthorizer;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    // No default stage here: the API stage stack makes it after the routes (api-stage-stack.ts).
    this.api = new HttpApi(this, 'HttpApi', { description: 'Quiz platform API (served under /api by CloudFront)', createDefaultStage: false });
    // Verifies the Cognito token (issuer = the pool, audience = our client) before any Lambda runs.
    this.authorizer = new HttpAuthorizer(this, 'CognitoAuthorizer', {
      httpApi: this.api,
      authorizerName: 'Cognito',
      type: HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtIssuer: `https://cognito-idp.${this.region}.amazonaws.com/${props.userPool.userPoolId}`,
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });
    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
  }
}

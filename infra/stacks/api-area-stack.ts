import { Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { ApiArea, ApiRoute } from '#functions/routes.ts';
import { ApiRouteHandler } from '../constructs/api-route.ts';
import type { FunctionAccess, PlatformResources } from '../constructs/project-function.ts';
import { routeAccess } from './function-access.ts';

export interface ApiAreaStackProps extends StackProps {
  readonly area: ApiArea;
  /** This area's routes (functions/<area>/routes.ts). */
  readonly routes: readonly ApiRoute[];
  /** The API and authorizer of the API stack, by id: this stack adds routes to them. */
  readonly httpApiId: string;
  readonly authorizerId: string;
  readonly resources: PlatformResources;
  readonly edgeSecret: ISecret;
  /** IAM per route; infra/stacks/function-access.ts unless a test says otherwise. */
  readonly accessOf?: (routeName: string) => FunctionAccess;
}

/**
 * One area's part of the HTTP API: a function, integration, route and invoke permission per
 * route of the area. One stack per area keeps each far from CloudFormation's 500-resource
 * limit as the product grows (tests/infra/stack-size.test.ts holds every stack under 400).
 */
export class ApiAreaStack extends Stack {
  readonly handlers: ApiRouteHandler[];

  constructor(scope: Construct, id: string, props: ApiAreaStackProps) {
    super(scope, id, { description: `QuizQuest API routes of the ${props.area} area`, ...props });
    const wrongArea = props.routes.filter((route) => route.area !== props.area);
    if (wrongArea.length) throw new Error(`Routes ${wrongArea.map((r) => r.name).join(', ')} are not of the ${props.area} area`);

    const api = HttpApi.fromHttpApiAttributes(this, 'Api', { httpApiId: props.httpApiId });
    const authorizer = HttpAuthorizer.fromHttpAuthorizerAttributes(this, 'Authorizer', {
      authorizerId: props.authorizerId,
      authorizerType: 'JWT',
    });
    const accessOf = props.accessOf ?? routeAccess;
    this.handlers = props.routes.map(
      (route) =>
        new ApiRouteHandler(this, route.name, { route, api, authorizer, resources: props.resources, edgeSecret: props.edgeSecret, access: accessOf(route.name) }),
    );
  }
}

import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { WEBSOCKET_ROUTES, WEBSOCKET_THROTTLE } from '#functions/realtime/routes.ts';
import { unbundledPlatform } from './support/unbundled-platform.ts';

/**
 * The WebSocket API as CDK synthesises it (without bundling the Lambdas): the routes of
 * functions/realtime/routes.ts, the authorizer on ?token=, the `ws` stage, CloudFront's
 * `/ws`, and the push grant of the notify consumer.
 */
const { platform } = unbundledPlatform();
const realtime = Template.fromStack(platform.realtime);

describe('the realtime stack', () => {
  it('has one route per entry of the route table, selected by $request.body.action', () => {
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET', RouteSelectionExpression: '$request.body.action' });
    const keys = Object.values(realtime.findResources('AWS::ApiGatewayV2::Route')).map((r) => (r as { Properties: { RouteKey: string } }).Properties.RouteKey);
    expect(keys.sort()).toEqual(WEBSOCKET_ROUTES.map((r) => r.routeKey).sort());
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: '$connect', AuthorizationType: 'CUSTOM' });
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'subscribe', RouteResponseSelectionExpression: '$default' });
  });

  it('authorizes $connect with a Lambda REQUEST authorizer on the token query parameter', () => {
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', { AuthorizerType: 'REQUEST', IdentitySource: ['route.request.querystring.token'] });
  });

  it('deploys automatically to the ws stage', () => {
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'ws', AutoDeploy: true });
  });

  it('throttles every route of the stage (issue 17 #7)', () => {
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'ws',
      DefaultRouteSettings: { ThrottlingRateLimit: WEBSOCKET_THROTTLE.stageRatePerSecond, ThrottlingBurstLimit: WEBSOCKET_THROTTLE.stageBurst },
    });
    expect(WEBSOCKET_THROTTLE.stageRatePerSecond).toBe(500);
    expect(WEBSOCKET_THROTTLE.stageBurst).toBe(1000);
  });

  it('lets the functions that close sockets (password reset, Delete Account) call DeleteConnection as well as PostToConnection', () => {
    const auth = Template.fromStack(platform.apiAreas.auth);
    const statements = Object.values(auth.findResources('AWS::IAM::Policy')).flatMap(
      (p) => (p as { Properties: { PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] } } }).Properties.PolicyDocument.Statement,
    );
    const manage = statements.filter((s) => s.Action === 'execute-api:ManageConnections');
    expect(manage.length).toBeGreaterThanOrEqual(1);
    const resources = JSON.stringify(manage.map((s) => s.Resource));
    expect(resources).toContain('ws/POST/@connections/*');
    expect(resources).toContain('ws/DELETE/@connections/*');
  });

  it('lets the message routes close a flooding socket (the frame limit): each has its own API\'s callback URL and DELETE on @connections; $connect and $disconnect do not', () => {
    const functions = Object.entries(realtime.findResources('AWS::Lambda::Function')) as [string, { Properties: { Environment?: { Variables?: Record<string, unknown> } } }][];
    const withCallback = functions.filter(([, f]) => f.Properties.Environment?.Variables?.WEBSOCKET_CALLBACK_URL).map(([id]) => id);
    expect(withCallback.map((id) => /^(Ws[A-Za-z]+?)[0-9A-F]{8}$/.exec(id)?.[1]).sort()).toEqual(['WsDefault', 'WsPing', 'WsSubscribe', 'WsUnsubscribe']);
    const url = JSON.stringify(functions.find(([id]) => id.startsWith('WsPing'))![1].Properties.Environment!.Variables!.WEBSOCKET_CALLBACK_URL);
    expect(url).toContain('.execute-api.');
    expect(url).toContain('/ws');
    const manage = JSON.stringify(
      Object.values(realtime.findResources('AWS::IAM::Policy')).flatMap((p) => (p as { Properties: { PolicyDocument: { Statement: { Action: unknown }[] } } }).Properties.PolicyDocument.Statement.filter((st) => st.Action === 'execute-api:ManageConnections')),
    );
    expect(manage).toContain('ws/DELETE/@connections/*');
  });

  it('CloudFront routes /ws to the WebSocket API with the query and headers but not Host', () => {
    Template.fromStack(platform.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([Match.objectLike({ PathPattern: '/ws', ViewerProtocolPolicy: 'https-only', OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac' })]),
      }),
    });
  });

  it('grants the notify consumer ManageConnections on the stage and its callback URL', () => {
    const events = Template.fromStack(platform.events);
    events.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([Match.objectLike({ Action: 'execute-api:ManageConnections', Resource: Match.anyValue() })]),
      }),
    });
    const withCallback = Object.values(events.findResources('AWS::Lambda::Function')).filter(
      (f) => (f as { Properties: { Environment?: { Variables?: Record<string, unknown> } } }).Properties.Environment?.Variables?.WEBSOCKET_CALLBACK_URL,
    );
    expect(withCallback.length).toBeGreaterThanOrEqual(2); // notify and update-streak
  });
});

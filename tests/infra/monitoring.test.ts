import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { METRIC } from '#functions/lib/metrics.ts';
import { API_AREAS, ROUTES } from '#functions/routes.ts';
import { API_THROTTLE, isAuthPath } from '#functions/throttle.ts';
import { METRICS_PER_ALARM } from '#infra/constructs/function-alarms.ts';
import { AlertsStack } from '#infra/stacks/alerts-stack.ts';
import { DataStack } from '#infra/stacks/data-stack.ts';
import { platformNames } from '#infra/stacks/names.ts';
import { WebStack } from '#infra/stacks/web-stack.ts';
import { ALARM_EMAIL, CDK_CONTEXT, scratchFolder, STAGE, unbundledPlatform } from './support/unbundled-platform.ts';

/**
 * Alarms, dashboard, throttling, access logs and the edge firewall of a stage (docs/runbook.md),
 * synthesised without bundling the Lambdas. What must be watched is found in the
 * templates themselves (every dead-letter queue any resource names, every function of ours), so
 * a queue or function added later without an alarm fails here.
 */
type Json = Record<string, unknown>;
interface Resource {
  Type: string;
  Properties: Json;
  Condition?: string;
}
type Resources = Record<string, Resource>;

// The app the template tests share: its alarms are mailed to ALARM_EMAIL.
const { platform, names, stacks, webDistPath } = unbundledPlatform();
const resourcesOf = (stack: Stack): Resources => Template.fromStack(stack).toJSON().Resources as Resources;
const templates = new Map(stacks.map((stack) => [stack, resourcesOf(stack)]));
const ofType = (resources: Resources, type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const alarmsOf = (stack: Stack) => ofType(templates.get(stack)!, 'AWS::CloudWatch::Alarm').map(([id, r]) => ({ id, ...r.Properties }) as Json & { id: string });
const allAlarms = stacks.flatMap(alarmsOf);

/** The logical ids a value refers to by Ref or Fn::GetAtt, anywhere inside it. */
function referencedIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencedIds);
  if (!value || typeof value !== 'object') return [];
  const object = value as Json;
  if (typeof object.Ref === 'string') return [object.Ref];
  if (Array.isArray(object['Fn::GetAtt'])) return [String(object['Fn::GetAtt'][0])];
  return Object.values(object).flatMap(referencedIds);
}

/** The metrics (namespace, name, dimensions) an alarm watches, directly or in its metric math. */
function metricsOf(alarm: Json): { namespace: string; name: string; dimensions: Json[] }[] {
  if (alarm.MetricName) return [{ namespace: String(alarm.Namespace), name: String(alarm.MetricName), dimensions: (alarm.Dimensions as Json[]) ?? [] }];
  return ((alarm.Metrics as Json[]) ?? []).flatMap((query) => {
    const stat = query.MetricStat as { Metric: { Namespace: string; MetricName: string; Dimensions?: Json[] } } | undefined;
    return stat ? [{ namespace: stat.Metric.Namespace, name: stat.Metric.MetricName, dimensions: stat.Metric.Dimensions ?? [] }] : [];
  });
}

/** Every queue some resource of the stack sends failed work to: a function's, rule target's, schedule's or queue's dead letters. */
function deadLetterQueueIds(resources: Resources): string[] {
  const ids = new Set<string>();
  for (const resource of Object.values(resources)) {
    const p = resource.Properties ?? {};
    const places: unknown[] = [];
    if (resource.Type === 'AWS::Lambda::Function') places.push(p.DeadLetterConfig);
    if (resource.Type === 'AWS::Events::Rule') places.push(((p.Targets as Json[]) ?? []).map((target) => target.DeadLetterConfig));
    if (resource.Type === 'AWS::Scheduler::Schedule') places.push((p.Target as Json).DeadLetterConfig);
    if (resource.Type === 'AWS::SQS::Queue') places.push(p.RedrivePolicy);
    if (resource.Type === 'AWS::Lambda::EventInvokeConfig') places.push(((p.DestinationConfig as Json | undefined)?.OnFailure as Json | undefined) ?? {});
    for (const id of referencedIds(places)) if (resources[id]?.Type === 'AWS::SQS::Queue') ids.add(id);
  }
  return [...ids];
}

describe('the alarm topic', () => {
  it(`is named ${names.alarmTopic} and mails the address of context alarmEmail`, () => {
    const alerts = Template.fromStack(platform.alerts);
    alerts.hasResourceProperties('AWS::SNS::Topic', { TopicName: names.alarmTopic });
    alerts.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: ALARM_EMAIL });
  });

  it('has no subscription without alarmEmail', () => {
    const bare = new AlertsStack(new App(), 'Bare', { names: platformNames('bare') });
    Template.fromStack(bare).resourceCountIs('AWS::SNS::Subscription', 0);
    Template.fromStack(bare).resourceCountIs('AWS::SNS::Topic', 1);
  });

  it('is deployed before every other stack, which reach it by name', () => {
    for (const stack of stacks.filter((s) => s !== platform.alerts)) expect(stack.dependencies, stack.stackName).toContain(platform.alerts);
    const [topicId] = ofType(templates.get(platform.alerts)!, 'AWS::SNS::Topic')[0]!;
    for (const stack of stacks) {
      for (const alarm of alarmsOf(stack)) {
        expect(alarm.AlarmActions, String(alarm.AlarmName)).toHaveLength(1);
        if (stack === platform.alerts) expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
        else expect(JSON.stringify(alarm.AlarmActions)).toContain(`:${names.alarmTopic}`);
      }
    }
  });
});

describe('alarms', () => {
  it('watch every dead-letter queue of every stack on its first message (13 or more)', () => {
    let queues = 0;
    for (const stack of stacks) {
      const ids = deadLetterQueueIds(templates.get(stack)!);
      queues += ids.length;
      const watched = alarmsOf(stack).flatMap((alarm) =>
        metricsOf(alarm)
          .filter((m) => m.namespace === 'AWS/SQS' && m.name === 'ApproximateNumberOfMessagesVisible')
          .flatMap((m) => referencedIds(m.dimensions)),
      );
      for (const id of ids) expect(watched, `${stack.stackName} ${id}`).toContain(id);
    }
    expect(queues).toBeGreaterThanOrEqual(13);
    for (const alarm of allAlarms.filter((a) => String(a.AlarmName).includes('-dead-letters-'))) {
      expect(alarm).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
    }
  });

  const areaStacks: [string, Stack][] = [
    ['auth-triggers', platform.auth],
    ['realtime', platform.realtime],
    ['consumers', platform.events],
    ['schedules', platform.schedules!],
    ...Object.keys(API_AREAS).map((area): [string, Stack] => [area, platform.apiAreas[area as keyof typeof API_AREAS]]),
  ];
  it(`cover every function area: ${areaStacks.length} areas (API areas, consumers, schedules, realtime, auth triggers)`, () => {
    for (const [area, stack] of areaStacks) {
      // Our functions (ProjectFunction) all have TABLE_NAME; CDK's own helpers do not.
      const functions = ofType(templates.get(stack)!, 'AWS::Lambda::Function')
        .filter(([, fn]) => (fn.Properties.Environment as { Variables?: Json } | undefined)?.Variables?.TABLE_NAME)
        .map(([id]) => id);
      expect(functions.length, area).toBeGreaterThan(0);
      const errorAlarms = alarmsOf(stack).filter((alarm) => String(alarm.AlarmName).startsWith(`${names.alarmPrefix}-errors-${area}`));
      expect(errorAlarms.length, area).toBe(Math.ceil(functions.length / METRICS_PER_ALARM));
      const watched = errorAlarms.flatMap((alarm) => metricsOf(alarm).filter((m) => m.name === 'Errors').flatMap((m) => referencedIds(m.dimensions)));
      expect(watched.sort(), area).toEqual([...functions].sort());
      for (const alarm of errorAlarms) expect(metricsOf(alarm).length).toBeLessThanOrEqual(METRICS_PER_ALARM);
    }
  });

  it('watch throttles: the functions that reserve concurrency per area, the rest once for the region', () => {
    for (const [area, stack] of areaStacks) {
      const reserving = ofType(templates.get(stack)!, 'AWS::Lambda::Function')
        .filter(([, fn]) => fn.Properties.ReservedConcurrentExecutions !== undefined)
        .map(([id]) => id);
      const watched = alarmsOf(stack)
        .filter((alarm) => String(alarm.AlarmName).startsWith(`${names.alarmPrefix}-throttles-${area}`))
        .flatMap((alarm) => metricsOf(alarm).filter((m) => m.name === 'Throttles').flatMap((m) => referencedIds(m.dimensions)));
      expect(watched.sort(), area).toEqual(reserving.sort());
    }
    const region = alarmsOf(platform.alerts).find((alarm) => alarm.AlarmName === `${names.alarmPrefix}-lambda-throttles`)!;
    expect(metricsOf(region)).toEqual([{ namespace: 'AWS/Lambda', name: 'Throttles', dimensions: [] }]);
  });

  it('watch the HTTP API 5xx rate, WebSocket errors and the table and its indexes throttling', () => {
    const byName = (suffix: string) => alarmsOf(platform.monitoring).find((alarm) => alarm.AlarmName === `${names.alarmPrefix}-${suffix}`)!;
    expect(metricsOf(byName('http-5xx')).map((m) => m.name).sort()).toEqual(['5xx', 'Count']);
    expect(JSON.stringify(byName('http-5xx').Metrics)).toContain('100 * FILL(errors, 0) / requests');
    expect(metricsOf(byName('websocket-errors')).map((m) => m.name).sort()).toEqual(['ExecutionError', 'IntegrationError']);
    const table = metricsOf(byName('table-throttles'));
    expect(new Set(table.map((m) => m.name))).toEqual(new Set(['ReadThrottleEvents', 'WriteThrottleEvents']));
    expect(table.filter((m) => JSON.stringify(m.dimensions).includes('GlobalSecondaryIndexName')).length).toBeGreaterThan(0);
  });

  it('watch EventBridge Scheduler failures of the stage\'s schedule group', () => {
    const scheduler = alarmsOf(platform.alerts).find((alarm) => alarm.AlarmName === `${names.alarmPrefix}-scheduler-failures`)!;
    const metrics = metricsOf(scheduler);
    expect(metrics.map((m) => m.name).sort()).toEqual(['InvocationDroppedCount', 'InvocationsFailedToBeSentToDeadLetterCount', 'TargetErrorCount']);
    for (const m of metrics) expect(m).toMatchObject({ namespace: 'AWS/Scheduler', dimensions: [{ Name: 'ScheduleGroup', Value: names.scheduleGroup }] });
  });

  it('cost: each alarm metric is $0.10 a month', () => {
    const metrics = allAlarms.reduce((n, alarm) => n + metricsOf(alarm).length, 0);
    // Printed for the runbook's cost table; bounded so a change that multiplies them is noticed.
    console.log(`${allAlarms.length} alarms, ${metrics} alarm metrics: $${(metrics * 0.1).toFixed(2)} a month`);
    expect(metrics).toBeLessThan(250);
  });
});

describe('mail', () => {
  it('has a configuration set with a CloudWatch event destination and alarms on bounces and complaints', () => {
    const alerts = Template.fromStack(platform.alerts);
    alerts.hasResourceProperties('AWS::SES::ConfigurationSet', { Name: names.mailConfigurationSet });
    const destination = ofType(templates.get(platform.alerts)!, 'AWS::SES::ConfigurationSetEventDestination')[0]![1].Properties.EventDestination as Json;
    expect(destination.MatchingEventTypes).toEqual(expect.arrayContaining(['bounce', 'complaint', 'send']));
    expect(destination.CloudWatchDestination).toBeDefined();
    const ses = alarmsOf(platform.alerts).flatMap((alarm) => metricsOf(alarm)).filter((m) => m.namespace === 'AWS/SES');
    expect(new Set(ses.map((m) => m.name))).toEqual(new Set(['Send', 'Bounce', 'Complaint']));
  });

  it('is sent with the configuration set by exactly the functions that may send mail', () => {
    let senders = 0;
    for (const stack of stacks) {
      const resources = templates.get(stack)!;
      const policies = ofType(resources, 'AWS::IAM::Policy');
      for (const [id, fn] of ofType(resources, 'AWS::Lambda::Function')) {
        const role = referencedIds(fn.Properties.Role)[0];
        const policy = JSON.stringify(policies.filter(([, p]) => referencedIds(p.Properties.Roles).includes(role!)).map(([, p]) => p.Properties));
        const env = (fn.Properties.Environment as { Variables?: Json } | undefined)?.Variables ?? {};
        const sends = policy.includes('"ses:SendEmail"');
        expect(env.MAIL_CONFIGURATION_SET, `${stack.stackName} ${id}`).toBe(sends ? names.mailConfigurationSet : undefined);
        if (sends) {
          senders += 1;
          expect(policy).toContain(`:configuration-set/${names.mailConfigurationSet}`);
        }
      }
    }
    expect(senders).toBeGreaterThanOrEqual(3);
  });
});

describe('the dashboard', () => {
  it('shows every alarm of the stage beside the traffic', () => {
    const dashboards = ofType(templates.get(platform.monitoring)!, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]![1].Properties.DashboardBody);
    for (const alarm of allAlarms) expect(body, String(alarm.AlarmName)).toContain(`:alarm:${String(alarm.AlarmName)}`);
    for (const metric of ['ConnectCount', 'MessageCount', 'Invocations', 'ConcurrentExecutions', 'ConsumedReadCapacityUnits', 'Count']) expect(body).toContain(metric);
    // The product's own counts, in the namespace the functions are given.
    for (const metric of Object.values(METRIC)) expect(body).toContain(`[\\"QuizQuest/${STAGE}\\",\\"${metric}\\"`);
  });
});

describe('throttling', () => {
  const stage = ofType(templates.get(platform.apiStage)!, 'AWS::ApiGatewayV2::Stage')[0]![1].Properties;

  it('throttles the HTTP API stage and every /api/auth/* route more strictly', () => {
    expect(stage.StageName).toBe('$default');
    expect(stage.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: API_THROTTLE.stage.ratePerSecond, ThrottlingBurstLimit: API_THROTTLE.stage.burst });
    const authKeys = ROUTES.filter((route) => isAuthPath(route.path)).map((route) => `${route.method} ${route.path}`);
    expect(authKeys.length).toBeGreaterThan(0);
    expect(Object.keys(stage.RouteSettings as Json).sort()).toEqual(authKeys.sort());
    for (const key of authKeys) expect((stage.RouteSettings as Json)[key]).toEqual({ ThrottlingRateLimit: API_THROTTLE.auth.ratePerSecond, ThrottlingBurstLimit: API_THROTTLE.auth.burst });
    expect(API_THROTTLE.auth.ratePerSecond).toBeLessThan(API_THROTTLE.stage.ratePerSecond);
    expect(API_THROTTLE.auth.burst).toBeLessThan(API_THROTTLE.stage.burst);
  });

  it('makes the stage after every area\'s routes (route settings name existing routes), and the API stack none of its own', () => {
    for (const area of Object.values(platform.apiAreas)) expect(platform.apiStage.dependencies).toContain(area);
    expect(ofType(templates.get(platform.api)!, 'AWS::ApiGatewayV2::Stage')).toHaveLength(0);
    expect(platform.web.dependencies).toContain(platform.apiStage);
  });
});

describe('access logs', () => {
  const FORBIDDEN = [/\$context\.authorizer/i, /querystring/i, /token/i, /\$context\.path/, /\$request\./, /\$context\.identity\.(?!sourceIp|userAgent)/];
  const formatOf = (stack: Stack) => {
    const [, s] = ofType(templates.get(stack)!, 'AWS::ApiGatewayV2::Stage')[0]!;
    const settings = s.Properties.AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(templates.get(stack)![referencedIds(settings.DestinationArn)[0]!]!.Type).toBe('AWS::Logs::LogGroup');
    return settings.Format;
  };

  for (const [name, stack] of [
    ['HTTP API', platform.apiStage],
    ['WebSocket API', platform.realtime],
  ] as const) {
    it(`${name}: JSON lines of route keys, without the authorizer, query strings, raw paths or tokens`, () => {
      const format = formatOf(stack);
      const fields = JSON.parse(format) as Record<string, string>;
      expect(fields.routeKey).toBe('$context.routeKey');
      expect(fields.requestId).toBe('$context.requestId');
      for (const pattern of FORBIDDEN) expect(format).not.toMatch(pattern);
    });
  }

  it('WebSocket: the account has API Gateway\'s log role before the stage logs', () => {
    const realtime = templates.get(platform.realtime)!;
    const [accountId] = ofType(realtime, 'AWS::ApiGateway::Account')[0]!;
    const stage = Template.fromStack(platform.realtime).toJSON().Resources as Record<string, { Type: string; DependsOn?: string[] }>;
    const [, ws] = Object.entries(stage).find(([, r]) => r.Type === 'AWS::ApiGatewayV2::Stage')!;
    expect(ws.DependsOn).toContain(accountId);
  });

  it('CloudFront (which also carries /ws and its ?token=): standard logging v2 without the query string, cookies or Referer', () => {
    const web = templates.get(platform.web)!;
    const [, delivery] = ofType(web, 'AWS::Logs::Delivery')[0]!;
    const fields = delivery.Properties.RecordFields as string[];
    expect(fields).toEqual(expect.arrayContaining(['cs-uri-stem', 'sc-status', 'c-ip']));
    for (const field of ['cs-uri-query', 'cs(Cookie)', 'cs(Referer)']) expect(fields).not.toContain(field);
    expect(ofType(web, 'AWS::Logs::DeliverySource')[0]![1].Properties.LogType).toBe('ACCESS_LOGS');
    for (const type of ['AWS::Logs::Delivery', 'AWS::Logs::DeliverySource', 'AWS::Logs::DeliveryDestination']) expect(ofType(web, type)[0]![1].Condition).toBe('InUsEast1');
  });
});

describe('the edge firewall', () => {
  const web = templates.get(platform.web)!;

  it('is a CloudFront web ACL with AWS\'s common rule set and a per-address rate limit on /api/auth/*, made where the stack is in us-east-1', () => {
    const [aclId, acl] = ofType(web, 'AWS::WAFv2::WebACL')[0]!;
    expect(acl.Condition).toBe('InUsEast1');
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties.Rules as { Name: string; Statement: Json; Action?: Json }[];
    expect(rules.find((rule) => (rule.Statement.ManagedRuleGroupStatement as Json | undefined)?.Name === 'AWSManagedRulesCommonRuleSet')).toBeDefined();
    const rate = rules.find((rule) => rule.Statement.RateBasedStatement)!.Statement.RateBasedStatement as Json;
    expect(rate.AggregateKeyType).toBe('IP');
    expect(JSON.stringify(rate.ScopeDownStatement)).toContain('"SearchString":"/api/auth/"');
    const distribution = ofType(web, 'AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig as Json;
    expect(distribution.WebACLId).toEqual({ 'Fn::If': ['InUsEast1', { 'Fn::GetAtt': [aclId, 'Arn'] }, { Ref: 'AWS::NoValue' }] });
    expect(Template.fromStack(platform.web).toJSON().Conditions.InUsEast1).toEqual({ 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] });
  });

  it('is the ACL of context webAclArn instead, for a stage in another region', () => {
    const other = new App({ context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [] }, outdir: scratchFolder('monitoring-other-') });
    const data = new DataStack(other, 'Data');
    const arn = 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/quizquest/abc';
    const web = new WebStack(other, 'Web', { apiEndpoint: 'https://abc.execute-api.eu-west-1.amazonaws.com', table: data.table, edgeSecret: data.edgeSecret, webDistPath, webAclArn: arn });
    const template = Template.fromStack(web);
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: { WebACLId: arn } });
  });
});

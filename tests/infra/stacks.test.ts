import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSUMERS, EVENT_SOURCE, consumerQueue, eventsFor, type ConsumerName } from '#events/catalogue.ts';
import { SCHEDULES, type ScheduleName } from '#events/schedules.ts';
import { TABLE_DESIGN } from '#functions/data/table-design.ts';
import { API_AREAS, ROUTES, type ApiArea } from '#functions/routes.ts';
import { esbuildOptions, repoPath } from '#infra/constructs/bundling.ts';
import { SERVICE_NAME } from '#infra/constructs/project-function.ts';
import { DataStack } from '#infra/stacks/data-stack.ts';
import { pascal } from '#infra/stacks/names.ts';
import { routeAccess } from '#infra/stacks/function-access.ts';
import { addPlatform } from '#infra/stacks/platform.ts';
import { SPA_REWRITE_SOURCE, VIEWER_ADDRESS_SOURCE, WebStack } from '#infra/stacks/web-stack.ts';
import { API_CSP, SITE_CSP } from '#infra/edge/security-headers.ts';
import { ROLES } from '#shared/constants.ts';
import { WEB_DIST_FILES, writeWebDist } from '../support/web-dist.ts';
import { withDirectEsbuild } from './support/direct-esbuild.ts';

/** Synthesises the whole app in-process (bundling included) once, as `cdk synth` would. */

type Resources = Record<string, { Type: string; Properties?: any; DependsOn?: string | string[]; DeletionPolicy?: string }>;
// No SITE_URL: set, it would win over the CONFIG/SITE item the web stack writes (functions/lib/site-url.ts).
const ENV_VARS = ['NODE_OPTIONS', 'POWERTOOLS_SERVICE_NAME', 'POWERTOOLS_METRICS_NAMESPACE', 'TABLE_NAME', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'EVENT_BUS_NAME', 'MAIL_FROM'];
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let t: Record<'data' | 'auth' | 'realtime' | 'events' | 'api' | 'schedules' | 'web', Template>;
/** One stack of routes per area of functions/routes.ts. */
let areas: Record<ApiArea, Template>;
let platform: ReturnType<typeof addPlatform>;
const AREAS = Object.keys(API_AREAS) as ApiArea[];
const areaTemplates = () => AREAS.map((area) => areas[area]);
/** Every stack with Lambdas of ours. */
const functionTemplates = () => [t.auth, t.realtime, t.events, t.schedules, ...areaTemplates()];
const allTemplates = () => [...Object.values(t), ...areaTemplates()];
const scratch = mkdtempSync(path.join(tmpdir(), 'infra-test-'));
const webDist = path.join(scratch, 'web-dist');

beforeAll(() => {
  writeWebDist(webDist);
  const { context } = JSON.parse(readFileSync(repoPath('cdk.json'), 'utf8'));
  const app = new App({ context, outdir: path.join(scratch, 'cdk.out') });
  // Each function's asset bundles its Lambda as the function is built.
  platform = withDirectEsbuild(() => addPlatform(app, { stage: 'test', mailFrom: 'Quiz Quest <no-reply@quiz.example>', webDistPath: webDist }));
  const { data, auth, realtime, events, api, apiAreas, schedules, web } = platform;
  t = {
    data: Template.fromStack(data),
    auth: Template.fromStack(auth),
    realtime: Template.fromStack(realtime),
    events: Template.fromStack(events),
    api: Template.fromStack(api),
    schedules: Template.fromStack(schedules!),
    web: Template.fromStack(web),
  };
  areas = Object.fromEntries(AREAS.map((area) => [area, Template.fromStack(apiAreas[area])])) as Record<ApiArea, Template>;
}, 600_000); // bundles every Lambda with esbuild: minutes on a 2-core machine busy with the handler tests

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const resources = (template: Template, type: string): Resources =>
  template.findResources(type) as Resources;
const only = (template: Template, type: string) => {
  const found = Object.entries(resources(template, type));
  expect(found).toHaveLength(1);
  return found[0]!;
};

/** X-Ray's statement, which active tracing adds to every function's role (checked on its own below). */
const isTracingStatement = (s: any) => [s.Action].flat().every((action: string) => action.startsWith('xray:'));

/** The IAM policies attached to a function's role, as JSON text, without the tracing statement every function has. */
function policyOf(template: Template, fnId: string): string {
  const fn = resources(template, 'AWS::Lambda::Function')[fnId]!;
  const role = fn.Properties.Role['Fn::GetAtt'][0];
  const policies = Object.values(resources(template, 'AWS::IAM::Policy'))
    .filter((p) => p.Properties.Roles.some((r: any) => r.Ref === role))
    .map((p) => ({ ...p, Properties: { ...p.Properties, PolicyDocument: { ...p.Properties.PolicyDocument, Statement: p.Properties.PolicyDocument.Statement.filter((s: any) => !isTracingStatement(s)) } } }))
    .filter((p) => p.Properties.PolicyDocument.Statement.length > 0);
  return JSON.stringify(policies);
}

/** Logical ids a resource refers to (Ref, GetAtt, Sub, DependsOn). */
function referencesOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => referencesOf(v, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'Ref' && typeof v === 'string') out.add(v);
      else if (key === 'Fn::GetAtt' && Array.isArray(v)) out.add(String(v[0]));
      else if (key === 'Fn::Sub') for (const m of JSON.stringify(v).matchAll(/\$\{([A-Za-z0-9]+)/g)) out.add(m[1]!);
      else referencesOf(v, out);
    }
  }
  return out;
}

/** A dependency cycle inside one template, which CloudFormation refuses only at deploy time. */
function findCycle(template: Template): string[] | undefined {
  const all = template.toJSON().Resources as Resources;
  const edges = new Map(
    Object.entries(all).map(([id, r]) => [id, [...referencesOf({ p: r.Properties, d: r.DependsOn ?? [] }), ...[r.DependsOn ?? []].flat()].filter((x) => x in all)]),
  );
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string, trail: string[]): string[] | undefined => {
    if (state.get(id) === 'open') return [...trail, id];
    if (state.get(id) === 'done') return undefined;
    state.set(id, 'open');
    for (const next of edges.get(id) ?? []) {
      const cycle = visit(next, [...trail, id]);
      if (cycle) return cycle;
    }
    state.set(id, 'done');
    return undefined;
  };
  for (const id of edges.keys()) {
    const cycle = visit(id, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('every stack', () => {
  it('has no dependency cycle between its resources', () => {
    for (const template of allTemplates()) expect(findCycle(template)).toBeUndefined();
  });

  it('runs every Lambda of ours on Node.js 24, arm64, with the whole environment and a month of logs', () => {
    for (const template of functionTemplates()) {
      const fns = Object.values(resources(template, 'AWS::Lambda::Function'));
      expect(fns.length).toBeGreaterThan(0);
      for (const fn of fns) {
        expect(fn.Properties.Runtime).toBe('nodejs24.x');
        expect(fn.Properties.Architectures).toEqual(['arm64']);
        expect(fn.Properties.Handler).toBe('index.handler');
        // API routes also know the edge secret (functions/lib/viewer-address.ts); consumers and triggers need not.
        const expected = areaTemplates().includes(template) ? [...ENV_VARS, 'EDGE_SECRET'] : ENV_VARS;
        // Functions that push (access flag `push`) also know the WebSocket API's callback URL; those that call
        // Bedrock (access flag `ai`) the provider and the model ids.
        const AI_VARS = ['AI_PROVIDER', 'BEDROCK_TEXT_MODEL_ID', 'BEDROCK_EMBEDDING_MODEL_ID'];
        // Those that call Cognito as the app client (access flag `clientSecret`) its secret: see the auth stack's tests.
        // Mail senders the SES configuration set: see tests/infra/monitoring.test.ts. Those that hand a live
        // match's step (access flag `sendMatchSteps`) its queue's URL: see tests/infra/match-steps.test.ts. Those
        // that search or build the knowledge index (access flag `knowledgeIndex`) its bucket: see tests/infra/knowledge-index.test.ts.
        const FLAGGED = ['WEBSOCKET_CALLBACK_URL', 'USER_POOL_CLIENT_SECRET', 'MAIL_CONFIGURATION_SET', 'MATCH_STEPS_QUEUE_URL', 'KNOWLEDGE_INDEX_BUCKET', ...AI_VARS];
        const variables = Object.keys(fn.Properties.Environment.Variables).filter((name) => !FLAGGED.includes(name));
        expect(variables.sort()).toEqual([...expected].sort());
        expect(fn.Properties.Environment.Variables.MAIL_FROM).toBe('Quiz Quest <no-reply@quiz.example>');
        expect(fn.Properties.LoggingConfig.LogGroup).toHaveProperty('Ref');
      }
      template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
    }
  });

  it('traces every Lambda of ours with X-Ray (active) and names its logs and metrics: one service, one metrics namespace for the stage', () => {
    const namespaces = new Set<string>();
    let count = 0;
    for (const template of functionTemplates()) {
      const policies = Object.values(resources(template, 'AWS::IAM::Policy'));
      for (const fn of Object.values(resources(template, 'AWS::Lambda::Function'))) {
        count += 1;
        expect(fn.Properties.TracingConfig, fn.Properties.Description).toEqual({ Mode: 'Active' });
        // The role may send its segments (X-Ray has no resource-level permissions: `*`).
        const role = fn.Properties.Role['Fn::GetAtt'][0];
        const statements = policies.filter((p) => p.Properties.Roles.some((r: any) => r.Ref === role)).flatMap((p) => p.Properties.PolicyDocument.Statement);
        expect(statements.filter(isTracingStatement), fn.Properties.Description).toEqual([{ Action: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], Effect: 'Allow', Resource: '*' }]);
        expect(fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME).toBe(SERVICE_NAME);
        namespaces.add(fn.Properties.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE);
      }
    }
    expect(count).toBeGreaterThan(100);
    // One namespace, the stage's (the dashboard and alarms read the same: metricsNamespace).
    expect([...namespaces]).toEqual(['QuizQuest/test']);
  });

  it('deploys, for every function, the very bundle the bundle tests measure (esbuildOptions): the SDK credential chain is the environment only', async () => {
    /** The deployed code of each function: its asset folder in cdk.out, named by the zip's hash. */
    const deployedCode = (template: Template) =>
      Object.entries(resources(template, 'AWS::Lambda::Function')).map(([id, fn]) => {
        const hash = String(fn.Properties.Code.S3Key).replace(/\.zip$/, '');
        return { id, code: readFileSync(path.join(scratch, 'cdk.out', `asset.${hash}`, 'index.mjs'), 'utf8') };
      });
    let checked = 0;
    for (const template of functionTemplates()) {
      for (const { id, code } of deployedCode(template)) {
        // Nothing of the chain's other links ships (their messages would be in the bundle).
        expect(code, id).not.toContain('Skipping SSO provider');
        expect(code, id).not.toContain('defaultProvider::fromEnv');
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
    // Byte for byte, for one function of each kind (a route, a consumer).
    for (const [template, entry] of [
      [areas.admin, 'functions/admin/add-user.ts'],
      [t.events, 'functions/auth/send-email.ts'],
    ] as const) {
      const sizes = deployedCode(template).map(({ code }) => Buffer.byteLength(code));
      const { outputFiles } = await build({ ...esbuildOptions(entry, path.join(scratch, 'probe', 'index.mjs')), write: false });
      expect(sizes, entry).toContain(outputFiles.find((f) => f.path.endsWith('index.mjs'))!.contents.length);
    }
  });

  it('grants no table scans and no wildcard actions', () => {
    for (const template of functionTemplates()) {
      const text = JSON.stringify(resources(template, 'AWS::IAM::Policy'));
      expect(text).not.toContain('dynamodb:Scan');
      expect(text).not.toMatch(/"[a-z-]+:\*"/);
    }
  });

  it('uses no SSM parameter and grants no SSM access', () => {
    for (const template of allTemplates()) {
      expect(Object.keys(resources(template, 'AWS::SSM::Parameter'))).toEqual([]);
      expect(JSON.stringify(resources(template, 'AWS::IAM::Policy'))).not.toContain('ssm:');
    }
  });

  it('lets only the mail senders send mail (send-email, email-progress-report with its PDF, and the parents\' weekly summary consumer)', () => {
    const senders = functionTemplates().flatMap((template) =>
      Object.keys(resources(template, 'AWS::Lambda::Function')).filter((id) => policyOf(template, id).includes('ses:SendEmail')),
    );
    expect(senders).toHaveLength(3);
    expect(senders.sort()).toEqual([
      expect.stringMatching(/^EmailProgressReport[0-9A-F]{8}$/),
      expect.stringMatching(/^SendEmail[0-9A-F]{8}$/),
      expect.stringMatching(/^SendWeeklyParentSummary[0-9A-F]{8}$/),
    ]);
  });
});

describe('data stack', () => {
  it('builds the one table from TABLE_DESIGN', () => {
    const gsis = TABLE_DESIGN.globalSecondaryIndexes;
    const [, table] = only(t.data, 'AWS::DynamoDB::Table');
    expect(table.Properties.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(table.Properties.GlobalSecondaryIndexes).toEqual(
      gsis.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    const keyNames = ['pk', 'sk', ...gsis.flatMap((g) => [g.partitionKey, g.sortKey])];
    expect(table.Properties.AttributeDefinitions).toEqual(expect.arrayContaining(keyNames.map((AttributeName) => ({ AttributeName, AttributeType: 'S' }))));
    expect(table.Properties.AttributeDefinitions).toHaveLength(keyNames.length);
  });

  it('expires items by ttl, bills on demand, keeps backups and survives stack deletion', () => {
    const [, table] = only(t.data, 'AWS::DynamoDB::Table');
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: 'ttl', Enabled: true });
    expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.DeletionPolicy).toBe('Retain');
  });
});

describe('auth stack', () => {
  it('signs in by e-mail with self sign-up, no Cognito verification and no Cognito recovery', () => {
    const [, pool] = only(t.auth, 'AWS::Cognito::UserPool');
    expect(pool.Properties.UsernameAttributes).toEqual(['email']);
    expect(pool.Properties.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(false);
    expect(pool.Properties.AutoVerifiedAttributes ?? []).toEqual([]);
    expect(pool.Properties.AccountRecoverySetting).toEqual({ RecoveryMechanisms: [{ Name: 'admin_only', Priority: 1 }] });
  });

  it('accepts any password of 6 or more characters', () => {
    t.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: { MinimumLength: 6, RequireLowercase: false, RequireUppercase: false, RequireNumbers: false, RequireSymbols: false },
      },
    });
  });

  it('has one client, with a secret, for password and refresh-token sign-in only, with revocable tokens', () => {
    const [, client] = only(t.auth, 'AWS::Cognito::UserPoolClient');
    expect([...client.Properties.ExplicitAuthFlows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
    // No public password flow: without the secret (SECRET_HASH) Cognito refuses SignUp and InitiateAuth.
    expect(client.Properties.GenerateSecret).toBe(true);
    expect(client.Properties.EnableTokenRevocation).toBe(true);
    expect(client.Properties.AllowedOAuthFlows).toBeUndefined();
  });

  it('keeps the client secret in Secrets Manager and gives it only to the functions that call Cognito as the client', () => {
    const [clientId] = only(t.auth, 'AWS::Cognito::UserPoolClient');
    const [secretId, secret] = only(t.auth, 'AWS::SecretsManager::Secret');
    expect(secret.Properties.SecretString).toEqual({ 'Fn::GetAtt': [clientId, 'ClientSecret'] });
    const holders = functionTemplates()
      .flatMap((template) => Object.values(resources(template, 'AWS::Lambda::Function')))
      .filter((fn) => fn.Properties.Environment.Variables.USER_POOL_CLIENT_SECRET !== undefined);
    const expected = ROUTES.filter((route) => routeAccess(route.name).clientSecret).map((route) => `${route.method} ${route.path}`);
    expect(expected.sort()).toEqual(['POST /api/auth/refresh', 'POST /api/auth/sign-in', 'POST /api/auth/sign-in/mfa', 'POST /api/auth/sign-out', 'POST /api/auth/sign-up']);
    expect(holders.map((fn) => fn.Properties.Description).sort()).toEqual(expected);
    for (const fn of holders) {
      // A dynamic reference resolved at deploy time: the templates and exports carry the secret's ARN, never its value.
      const value = JSON.stringify(fn.Properties.Environment.Variables.USER_POOL_CLIENT_SECRET);
      expect(value).toMatch(/\{\{resolve:secretsmanager:/);
      expect(value).toContain(secretId);
    }
  });

  it('protects the user pool from deletion, and offers authenticator-app MFA (the API requires it of admins)', () => {
    const [, pool] = only(t.auth, 'AWS::Cognito::UserPool');
    expect(pool.Properties.DeletionProtection).toBe('ACTIVE');
    expect(pool.DeletionPolicy).toBe('Retain');
    expect(pool.Properties.MfaConfiguration).toBe('OPTIONAL');
    expect(pool.Properties.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
  });

  it('has one group per role', () => {
    const groups = Object.values(resources(t.auth, 'AWS::Cognito::UserPoolGroup')).map((g) => g.Properties.GroupName);
    expect(groups.sort()).toEqual([...ROLES].sort());
  });

  it('runs the PostConfirmation trigger, which may invoke only from this pool and knows the pool id', () => {
    const [poolId, pool] = only(t.auth, 'AWS::Cognito::UserPool');
    const [fnId, fn] = only(t.auth, 'AWS::Lambda::Function');
    const arn = JSON.stringify(pool.Properties.LambdaConfig.PostConfirmation);
    expect(arn).toContain(`:function:${fn.Properties.FunctionName}`);
    expect(fn.Properties.FunctionName).toBe(platform.names.postConfirmationFunction);
    expect(fn.Properties.Environment.Variables.USER_POOL_ID).toEqual({ Ref: poolId });
    t.auth.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
      SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
    });
  });

  it('lets the trigger add users to groups of this pool only, and publish to our bus only', () => {
    const [poolId] = only(t.auth, 'AWS::Cognito::UserPool');
    const statements = Object.values(resources(t.auth, 'AWS::IAM::Policy')).flatMap((p) => p.Properties.PolicyDocument.Statement);
    const addToGroup = statements.find((s) => s.Action === 'cognito-idp:AdminAddUserToGroup');
    expect(addToGroup.Resource['Fn::Join'][1].slice(-2)).toEqual([':userpool/', { Ref: poolId }]);
    const putEvents = statements.find((s) => s.Action === 'events:PutEvents');
    expect(putEvents.Resource['Fn::Join'][1].at(-1)).toBe(':event-bus/quizquest-test');
  });

  it('outputs the pool and client ids', () => {
    expect(Object.keys(t.auth.findOutputs('*'))).toEqual(expect.arrayContaining(['UserPoolId', 'UserPoolClientId']));
  });
});

describe('events stack', () => {
  const consumers = Object.keys(CONSUMERS) as ConsumerName[];

  it('has one rule per consumer on our bus, matching exactly the events it consumes', () => {
    const [busId, bus] = only(t.events, 'AWS::Events::EventBus');
    expect(bus.Properties.Name).toBe('quizquest-test');
    const rules = Object.values(resources(t.events, 'AWS::Events::Rule'));
    expect(rules).toHaveLength(consumers.length);
    for (const consumer of consumers) {
      const [rule, ...others] = Object.entries(resources(t.events, 'AWS::Events::Rule')).filter(([id]) => id.startsWith(`${pascal(consumer)}Rule`));
      expect(others).toEqual([]);
      expect(rule![1].Properties.EventPattern).toEqual({ source: [EVENT_SOURCE], 'detail-type': eventsFor(consumer) });
      // …delivered to this consumer's own function, or its own queue (tests/infra/queues.test.ts).
      expect(rule![1].Properties.Targets[0].Arn['Fn::GetAtt'][0]).toMatch(new RegExp(`^${pascal(consumer)}${consumerQueue(consumer) ? 'Queue' : ''}[0-9A-F]{8}$`));
    }
    for (const rule of rules) expect(rule.Properties.EventBusName).toEqual({ Ref: busId });
  });

  it('sends every e-mail from one consumer: sign-up and reset links (EmailRequested) and the welcome (AccountConfirmed)', () => {
    expect([...eventsFor('send-email')].sort()).toEqual(['AccountConfirmed', 'EmailRequested']);
  });

  it('lets send-email send from our address, read the site URL and mark events processed, and nothing else', () => {
    const [fnId] = Object.entries(resources(t.events, 'AWS::Lambda::Function')).find(([id]) => /^SendEmail[0-9A-F]{8}$/.test(id))!;
    const policy = policyOf(t.events, fnId);
    expect(policy).toContain('"ses:SendEmail","Condition":{"StringEquals":{"ses:FromAddress":"no-reply@quiz.example"}}');
    for (const action of ['GetItem', 'PutItem', 'DeleteItem']) expect(policy).toContain(`dynamodb:${action}`);
    expect(policy).not.toMatch(/events:|cognito-idp:|ssm:/);
  });

  it('delivers each rule to its consumer with retries and a dead-letter queue', () => {
    const fns = resources(t.events, 'AWS::Lambda::Function');
    const queues = resources(t.events, 'AWS::SQS::Queue');
    for (const rule of Object.values(resources(t.events, 'AWS::Events::Rule'))) {
      const [target] = rule.Properties.Targets;
      expect(target.Arn['Fn::GetAtt'][0]).toBeOneOf([...Object.keys(fns), ...Object.keys(queues)]);
      expect(target.RetryPolicy).toEqual({ MaximumRetryAttempts: 4, MaximumEventAgeInSeconds: 7200 });
      expect(target.DeadLetterConfig.Arn['Fn::GetAtt'][0]).toBeOneOf(Object.keys(queues));
    }
  });

  it('keeps events whose handler keeps failing (Lambda async retries, then the same queue)', () => {
    const fns = Object.entries(resources(t.events, 'AWS::Lambda::Function'));
    // …and the live matches' step consumer (tests/infra/match-steps.test.ts).
    expect(fns).toHaveLength(consumers.length + 1);
    // A queue's consumer is invoked by its poller, not asynchronously: its queue retries and keeps messages.
    const polled = [...consumers.filter((c) => consumerQueue(c)).map((c) => new RegExp(`^${pascal(c)}[0-9A-F]{8}$`)), /^MatchStepsRunMatchStep[0-9A-F]{8}$/];
    for (const [id, fn] of fns.filter(([id]) => !polled.some((re) => re.test(id)))) {
      expect(fn.Properties.DeadLetterConfig.TargetArn['Fn::GetAtt'][1]).toBe('Arn');
      t.events.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: id }, MaximumRetryAttempts: 2 });
    }
  });
});

describe('api stacks', () => {
  /** A route's area template and its function there, found by the description ProjectFunction gets from the route. */
  const fnFor = (name: string) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const template = areas[route.area];
    const found = Object.entries(resources(template, 'AWS::Lambda::Function')).filter(([, fn]) => fn.Properties.Description === `${route.method} ${route.path}`);
    expect(found).toHaveLength(1);
    return { template, fnId: found[0]![0] };
  };
  /** How an area stack refers to a resource of the API stack: an import of its Ref. */
  const importOf = (logicalId: string) => ({ 'Fn::ImportValue': expect.stringMatching(new RegExp(`^QuizQuest-test-Api:ExportsOutputRef${logicalId}`)) });

  it('keeps the HTTP API and its authorizer in a stack of their own, without routes or functions (the stage follows the routes: api-stage-stack.ts)', () => {
    const types = Object.values(t.api.toJSON().Resources as Resources).map((r) => r.Type);
    expect(types.sort()).toEqual(['AWS::ApiGatewayV2::Api', 'AWS::ApiGatewayV2::Authorizer']);
  });

  it('has one stack per area, with one Lambda per route of that area and none of another', () => {
    for (const area of AREAS) {
      const descriptions = Object.values(resources(areas[area], 'AWS::Lambda::Function')).map((fn) => fn.Properties.Description);
      expect(descriptions.sort()).toEqual(ROUTES.filter((r) => r.area === area).map((r) => `${r.method} ${r.path}`).sort());
    }
    expect(areaTemplates().flatMap((template) => Object.keys(resources(template, 'AWS::Lambda::Function')))).toHaveLength(ROUTES.length);
  });

  it.each(ROUTES)('$method $path → $name, in the $area stack, JWT-protected only when auth is jwt ($auth)', (route) => {
    const [apiId] = only(t.api, 'AWS::ApiGatewayV2::Api');
    const [authorizerId] = only(t.api, 'AWS::ApiGatewayV2::Authorizer');
    const { template, fnId } = fnFor(route.name);
    const routeKey = `${route.method} ${route.path}`;
    const everywhere = areaTemplates().flatMap((tpl) => Object.values(resources(tpl, 'AWS::ApiGatewayV2::Route')).filter((r) => r.Properties.RouteKey === routeKey));
    expect(everywhere).toHaveLength(1);
    const routeResources = Object.values(resources(template, 'AWS::ApiGatewayV2::Route')).filter((r) => r.Properties.RouteKey === routeKey);
    expect(routeResources).toHaveLength(1);
    const props = routeResources[0]!.Properties;
    expect(props.ApiId).toEqual(importOf(apiId));
    if (route.auth === 'jwt') {
      expect(props.AuthorizationType).toBe('JWT');
      expect(props.AuthorizerId).toEqual(importOf(authorizerId));
      // Access tokens only: an ID token carries no scope.
      expect(props.AuthorizationScopes).toEqual(['aws.cognito.signin.user.admin']);
    } else {
      expect(props.AuthorizationType).toBe('NONE');
      expect(props.AuthorizerId).toBeUndefined();
      expect(props.AuthorizationScopes).toBeUndefined();
    }
    // The route's integration, on the same API, invokes this route's own function…
    const integrationId = props.Target['Fn::Join'][1][1].Ref;
    const integration = resources(template, 'AWS::ApiGatewayV2::Integration')[integrationId]!;
    expect(integration.Properties.ApiId).toEqual(importOf(apiId));
    expect(integration.Properties.IntegrationUri).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
    // …which API Gateway may invoke for this API and path only.
    const permissions = Object.values(resources(template, 'AWS::Lambda::Permission')).filter((p) => JSON.stringify(p.Properties.FunctionName) === JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }));
    expect(permissions).toHaveLength(1);
    expect(permissions[0]!.Properties.Principal).toBe('apigateway.amazonaws.com');
    const sourceArn = permissions[0]!.Properties.SourceArn['Fn::Join'][1] as unknown[];
    expect(sourceArn).toContainEqual(importOf(apiId));
    expect(sourceArn.at(-1)).toBe(`/*/*${route.path}`);
  });

  it('verifies Cognito tokens for our pool and client', () => {
    const [, authorizer] = only(t.api, 'AWS::ApiGatewayV2::Authorizer');
    expect(authorizer.Properties.AuthorizerType).toBe('JWT');
    expect(authorizer.Properties.IdentitySource).toEqual(['$request.header.Authorization']);
    const config = JSON.stringify(authorizer.Properties.JwtConfiguration);
    expect(config).toContain('https://cognito-idp.');
    expect(config).toMatch(/ExportsOutputRefUserPool[A-Z0-9]{8}/); // issuer: the pool
    expect(config).toMatch(/ExportsOutputRefUserPoolWebClient/); // audience: the client
  });

  it('grants each function only what it uses', () => {
    const policyFor = (name: string) => {
      const { template, fnId } = fnFor(name);
      return policyOf(template, fnId);
    };
    // Sign-up and reset publish EmailRequested; the send-email consumer does the sending.
    for (const name of ['SignUp', 'RequestPasswordReset']) {
      const policy = policyFor(name);
      expect(policy).toContain('cognito-idp:AdminGetUser');
      expect(policy).toContain('dynamodb:PutItem');
      expect(policy).toContain('"Action":"events:PutEvents"');
      expect(policy).toContain(':event-bus/quizquest-test');
      expect(policy).not.toMatch(/ses:|ssm:/);
    }
    const getProgress = policyFor('GetProgress');
    expect(getProgress).toContain('dynamodb:GetItem');
    expect(getProgress).not.toMatch(/dynamodb:(PutItem|UpdateItem|DeleteItem)|cognito-idp|ses:|ssm:|events:/);
    expect(policyFor('SignOut')).toBe('[]');
  });

  it('deploys each area after the API and the bus, and the site once every route is in place', () => {
    for (const area of AREAS) {
      expect(platform.apiAreas[area].dependencies).toEqual(expect.arrayContaining([platform.api, platform.events]));
      expect(platform.api.dependencies).not.toContain(platform.apiAreas[area]);
    }
    expect(platform.web.dependencies).toEqual(expect.arrayContaining(Object.values(platform.apiAreas)));
  });

  it('outputs the API URL', () => {
    expect(Object.keys(t.api.findOutputs('*'))).toContain('ApiUrl');
  });
});

describe('schedules stack', () => {
  const names = Object.keys(SCHEDULES) as ScheduleName[];
  const scheduleOf = (name: string) => {
    const found = Object.entries(resources(t.schedules, 'AWS::Scheduler::Schedule')).filter(([, s]) => s.Properties.Name === name);
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  it('makes one schedule per entry of events/schedules.ts, in the stage\'s group, at its cron time in UTC, on the minute', () => {
    const [groupId, group] = only(t.schedules, 'AWS::Scheduler::ScheduleGroup');
    expect(group.Properties.Name).toBe('quizquest-test');
    expect(Object.keys(resources(t.schedules, 'AWS::Scheduler::Schedule'))).toHaveLength(names.length);
    for (const name of names) {
      const [, schedule] = scheduleOf(name);
      expect(schedule.Properties).toMatchObject({
        GroupName: 'quizquest-test',
        ScheduleExpression: SCHEDULES[name].cron,
        ScheduleExpressionTimezone: 'Etc/UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        State: 'ENABLED',
      });
      // Named, not referenced: without the dependency the schedule could come before its group.
      expect(schedule.DependsOn).toContain(groupId);
    }
  });

  it.each(names)('%s invokes its own function with its name, Scheduler\'s scheduled time and the checked payload', (name) => {
    const [, schedule] = scheduleOf(name);
    const fnId = schedule.Properties.Target.Arn['Fn::GetAtt'][0];
    expect(fnId).toMatch(new RegExp(`^${pascal(name)}[0-9A-F]{8}$`));
    const fn = resources(t.schedules, 'AWS::Lambda::Function')[fnId]!;
    expect(fn.Properties.Timeout).toBe(SCHEDULES[name].timeoutSeconds ?? 60);
    expect(JSON.parse(schedule.Properties.Target.Input)).toEqual({
      schedule: name,
      scheduledTime: '<aws.scheduler.scheduled-time>',
      payload: SCHEDULES[name].payloadSchema.parse(SCHEDULES[name].payload),
    });
  });

  it('retries delivery and handler failures, then keeps the run in a dead-letter queue', () => {
    const [queueId] = only(t.schedules, 'AWS::SQS::Queue');
    for (const name of names) {
      const [, schedule] = scheduleOf(name);
      expect(schedule.Properties.Target.RetryPolicy).toEqual({ MaximumRetryAttempts: 4, MaximumEventAgeInSeconds: 3600 });
      expect(schedule.Properties.Target.DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } });
      const fnId = schedule.Properties.Target.Arn['Fn::GetAtt'][0];
      expect(resources(t.schedules, 'AWS::Lambda::Function')[fnId]!.Properties.DeadLetterConfig).toEqual({ TargetArn: { 'Fn::GetAtt': [queueId, 'Arn'] } });
      t.schedules.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: fnId }, MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 });
    }
  });

  it('lets only EventBridge Scheduler, for this account and group, assume the role, which invokes exactly the jobs\' functions', () => {
    const [groupId] = only(t.schedules, 'AWS::Scheduler::ScheduleGroup');
    const [queueId] = only(t.schedules, 'AWS::SQS::Queue');
    const roleIds = new Set(names.map((name) => scheduleOf(name)[1].Properties.Target.RoleArn['Fn::GetAtt'][0]));
    expect(roleIds.size).toBe(1);
    const [roleId] = [...roleIds];
    const role = resources(t.schedules, 'AWS::IAM::Role')[roleId]!;
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Action: 'sts:AssumeRole',
        Effect: 'Allow',
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' }, 'aws:SourceArn': { 'Fn::GetAtt': [groupId, 'Arn'] } } },
      },
    ]);
    const statements = Object.values(resources(t.schedules, 'AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: any) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
    const jobFns = names.map((name) => scheduleOf(name)[1].Properties.Target.Arn['Fn::GetAtt'][0]);
    // CDK merges or splits the invoke statements as jobs are added: what counts is the set they allow.
    const invoke = statements.filter((st: any) => st.Action === 'lambda:InvokeFunction');
    expect(invoke.every((st: any) => st.Effect === 'Allow')).toBe(true);
    const invoked = invoke.flatMap((st: any) => st.Resource).map((r: unknown) => JSON.stringify(r));
    const expected = jobFns.flatMap((id) => [{ 'Fn::GetAtt': [id, 'Arn'] }, { 'Fn::Join': ['', [{ 'Fn::GetAtt': [id, 'Arn'] }, ':*']] }]).map((r) => JSON.stringify(r));
    expect(invoked.sort()).toEqual(expected.sort());
    expect(statements.filter((st: any) => st.Action !== 'lambda:InvokeFunction')).toEqual([
      { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: { 'Fn::GetAtt': [queueId, 'Arn'] } },
    ]);
    // The schedule waits for the role's policy too, so its first run may invoke.
    for (const name of names) expect(scheduleOf(name)[1].DependsOn).toEqual(expect.arrayContaining(Object.keys(resources(t.schedules, 'AWS::IAM::Policy')).filter((id) => id.startsWith('InvokerRole'))));
  });

  it('lets the sign-up purge list, look up and delete users of our pool, and nothing else', () => {
    const [, schedule] = scheduleOf('purge-expired-sign-ups');
    const statements = JSON.parse(policyOf(t.schedules, schedule.Properties.Target.Arn['Fn::GetAtt'][0])).flatMap((p: any) => p.Properties.PolicyDocument.Statement);
    const cognito = statements.find((s: any) => JSON.stringify(s.Action).includes('cognito-idp'));
    expect(cognito.Action).toEqual(['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser', 'cognito-idp:ListUsers']);
    expect(JSON.stringify(cognito.Resource)).toMatch(/:userpool\/",\{"Fn::ImportValue":"QuizQuest-test-Auth:ExportsOutputRefUserPool/);
    // Besides: its dead-letter queue (Lambda's own DLQ), nothing.
    expect(statements.map((s: any) => s.Action).flat().filter((a: string) => !a.startsWith('cognito-idp:'))).toEqual(['sqs:SendMessage']);
  });

  it('deploys after the bus, and exists only while the table has jobs (CloudFormation refuses an empty stack)', () => {
    expect(platform.schedules!.dependencies).toEqual(expect.arrayContaining([platform.events, platform.auth]));
  });
});

describe('web stack', () => {
  const distribution = () => only(t.web, 'AWS::CloudFront::Distribution')[1].Properties.DistributionConfig;

  it('keeps the bucket private and refuses plain HTTP', () => {
    t.web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    const policy = JSON.stringify(resources(t.web, 'AWS::S3::BucketPolicy'));
    expect(policy).toContain('"aws:SecureTransport":"false"');
    expect(policy).not.toMatch(/"Effect":"Allow","Principal":\{"AWS":"\*"\}|"Effect":"Allow","Principal":"\*"/);
  });

  it('reads the bucket through an origin access control that only this distribution may use', () => {
    const [oacId, oac] = only(t.web, 'AWS::CloudFront::OriginAccessControl');
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' });
    const s3Origin = distribution().Origins.find((o: any) => o.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(JSON.stringify(resources(t.web, 'AWS::S3::BucketPolicy'))).toContain('cloudfront.amazonaws.com');
  });

  it('routes /api/* uncached to the HTTP API with every method and the viewer request minus Host', () => {
    const config = distribution();
    const api = config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({ CachePolicyId: CACHING_DISABLED, OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER, ViewerProtocolPolicy: 'https-only' });
    expect([...api.AllowedMethods].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    const origin = config.Origins.find((o: any) => o.Id === api.TargetOriginId);
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(JSON.stringify(origin.DomainName)).toMatch(/ExportsOutputFnGetAttHttpApi/);
  });

  /** The Secrets Manager dynamic reference a value resolves to, with the secret's import as `<ref>`. */
  const secretReference = (value: unknown) => JSON.stringify(value).replace(/\{"Fn::ImportValue":"[^"]*EdgeSecret[^"]*"\}/g, '<ref>');

  it('tells the API which requests came through it: the viewer address, and the origin secret the functions know', () => {
    const config = distribution();
    const api = config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    const origin = config.Origins.find((o: any) => o.Id === api.TargetOriginId);
    const [header] = origin.CustomOriginConfig ? origin.OriginCustomHeaders : [];
    expect(header.HeaderName).toBe('x-origin-verify');
    expect(secretReference(header.HeaderValue)).toMatch(/resolve:secretsmanager:.*<ref>/);
    for (const fn of areaTemplates().flatMap((template) => Object.values(resources(template, 'AWS::Lambda::Function')))) {
      expect(secretReference(fn.Properties.Environment.Variables.EDGE_SECRET)).toBe(secretReference(header.HeaderValue));
    }
    t.data.resourceCountIs('AWS::SecretsManager::Secret', 1);

    const viewerFn = Object.entries(resources(t.web, 'AWS::CloudFront::Function')).find(([, f]) => f.Properties.FunctionCode === VIEWER_ADDRESS_SOURCE)!;
    expect(api.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [viewerFn[0], 'FunctionARN'] } }]);
    type Headers = Record<string, { value: string }>;
    const handler = new Function(`${VIEWER_ADDRESS_SOURCE}; return handler;`)() as (e: { request: { headers: Headers }; viewer: { ip: string } }) => { headers: Headers };
    const forged = { 'x-viewer-address': { value: '192.0.2.1' }, 'x-origin-verify': { value: 'guess' } };
    expect(handler({ request: { headers: forged }, viewer: { ip: '203.0.113.7' } }).headers).toEqual({ 'x-viewer-address': { value: '203.0.113.7' } });
  });

  it('adds the same security headers as the local server: the strict CSP on the site, the API one under /api', () => {
    const config = distribution();
    const policies = resources(t.web, 'AWS::CloudFront::ResponseHeadersPolicy');
    const policyOfBehavior = (behavior: any) => policies[behavior.ResponseHeadersPolicyId.Ref]!.Properties.ResponseHeadersPolicyConfig;
    const site = policyOfBehavior(config.DefaultCacheBehavior);
    const api = policyOfBehavior(config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*'));
    expect(site.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(SITE_CSP);
    expect(api.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(API_CSP);
    for (const policy of [site, api]) {
      expect(policy.SecurityHeadersConfig).toMatchObject({
        FrameOptions: { FrameOption: 'DENY' },
        ReferrerPolicy: { ReferrerPolicy: 'no-referrer' },
        ContentTypeOptions: { Override: true },
        StrictTransportSecurity: { IncludeSubdomains: true },
      });
      expect(policy.CustomHeadersConfig.Items.map((h: any) => h.Header).sort()).toEqual(['cross-origin-opener-policy', 'permissions-policy']);
    }
  });

  it('serves the SPA shell for app routes without rewriting API errors', () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CustomErrorResponses).toBeUndefined(); // those would apply to /api/* too
    const [fnId] = Object.entries(resources(t.web, 'AWS::CloudFront::Function')).find(([, f]) => f.Properties.FunctionCode === SPA_REWRITE_SOURCE)!;
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } }]);
  });

  it.each([
    ['/', '/index.html'],
    ['/quiz/maths/3', '/index.html'],
    ['/auth/reset?token=abc', '/index.html'],
    ['/assets/index-3f9a.js', '/assets/index-3f9a.js'],
    ['/favicon.ico', '/favicon.ico'],
    ['/v1.2/page', '/index.html'],
  ])('rewrites %s to %s', (uri, expected) => {
    const handler = new Function(`${SPA_REWRITE_SOURCE}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    expect(handler({ request: { uri } }).uri).toBe(expected);
  });

  /** A custom resource's Create/Update call: the Fn::Join's JSON with each token as `<n>`, and the tokens. */
  const sdkCall = (join: any) => {
    const tokens: unknown[] = [];
    const text = (join['Fn::Join'][1] as unknown[]).map((part) => (typeof part === 'string' ? part : `<${tokens.push(part) - 1}>`)).join('');
    return { call: JSON.parse(text), tokens };
  };

  it('writes the site URL to the CONFIG/SITE item of the table the functions read, on create and update only', () => {
    const [, config] = only(t.web, 'Custom::SiteConfig');
    const distributionId = only(t.web, 'AWS::CloudFront::Distribution')[0];
    const tableName = Object.values(resources(areas.quiz, 'AWS::Lambda::Function'))[0]!.Properties.Environment.Variables.TABLE_NAME;
    for (const phase of ['Create', 'Update']) {
      const { call, tokens } = sdkCall(config.Properties[phase]);
      expect(call).toMatchObject({ service: 'DynamoDB', action: 'PutItem', parameters: { TableName: '<0>' } });
      expect(call.parameters.Item).toEqual({ pk: { S: 'CONFIG' }, sk: { S: 'SITE' }, url: { S: 'https://<1>' } });
      expect(tokens).toEqual([tableName, { 'Fn::GetAtt': [distributionId, 'DomainName'] }]);
    }
    // Both the table's import: the same table the functions are configured with.
    expect(tableName).toHaveProperty('Fn::ImportValue');
    expect(config.Properties.Delete).toBeUndefined();
    expect(config.Properties.InstallLatestAwsSdk).toBe(false);
  });

  it('lets the site-config writer put items in that table and nothing else', () => {
    const [, config] = only(t.web, 'Custom::SiteConfig');
    const writer = config.Properties.ServiceToken['Fn::GetAtt'][0];
    const statements = JSON.parse(policyOf(t.web, writer)).flatMap((p: any) => p.Properties.PolicyDocument.Statement);
    expect(statements).toEqual([{ Action: 'dynamodb:PutItem', Effect: 'Allow', Resource: { 'Fn::ImportValue': expect.stringMatching(/^QuizQuest-test-Data:ExportsOutputFnGetAttTable[0-9A-F]{8}Arn/) } }]);
  });

  it('outputs the site URL with the bucket and distribution', () => {
    const distributionId = only(t.web, 'AWS::CloudFront::Distribution')[0];
    const outputs = t.web.findOutputs('*');
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['SiteUrl', 'BucketName', 'DistributionId']));
    expect(outputs.SiteUrl!.Value).toEqual({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] });
  });

  const deployments = () => Object.entries(resources(t.web, 'Custom::CDKBucketDeployment'));
  /** Whether `aws s3 sync` copies a file under a deployment's filters: excludes, then includes, the last that matches wins. */
  const syncs = (props: any, file: string) => {
    const filters = [...(props.Exclude ?? []).map((p: string) => [p, false]), ...(props.Include ?? []).map((p: string) => [p, true])] as [string, boolean][];
    const matches = (pattern: string) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`).test(file);
    return filters.filter(([pattern]) => matches(pattern)).at(-1)?.[1] ?? true;
  };
  /** The deployments that upload a file of the build. */
  const deploying = (file: string) => deployments().filter(([, d]) => syncs(d.Properties, file));

  it('uploads every file of the build once: index.html, sw.js and the manifest with no-cache, hashed assets for a year, immutable', () => {
    for (const file of WEB_DIST_FILES.shell) {
      const found = deploying(file);
      expect(found, file).toHaveLength(1);
      expect(found[0]![1].Properties.SystemMetadata, file).toEqual({ 'cache-control': 'no-cache' });
    }
    for (const file of WEB_DIST_FILES.hashed) {
      const found = deploying(file);
      expect(found, file).toHaveLength(1);
      expect(found[0]![1].Properties.SystemMetadata, file).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    }
  });

  it('keeps the previous build: no deployment deletes what the new build lacks, nor the files when the stack goes', () => {
    expect(deployments().length).toBeGreaterThan(0);
    for (const [, d] of deployments()) {
      expect(d.Properties.Prune).toBe(false);
      expect(d.Properties.RetainOnDelete).not.toBe(false);
    }
  });

  it('uploads the hashed assets before the shell that names them, and invalidates the CDN after the shell', () => {
    const [assetsId, assets] = deploying('assets/index-3f9a1b2c.js')[0]!;
    const [shellId, shell] = deploying('index.html')[0]!;
    expect(assetsId).not.toBe(shellId);
    expect([shell.DependsOn ?? []].flat()).toContain(assetsId);
    expect(assets.Properties.DistributionId).toBeUndefined();
    const distributionId = only(t.web, 'AWS::CloudFront::Distribution')[0];
    expect(shell.Properties.DistributionId).toEqual({ Ref: distributionId });
    expect(shell.Properties.DistributionPaths).toEqual(['/*']);
  });

  it('refuses to synthesise without a built web app instead of deploying an empty site, naming npm run build:web', () => {
    const bareApp = new App({ outdir: path.join(scratch, 'bare.out') });
    const bareData = new DataStack(bareApp, 'BareData');
    const bare = (webDistPath: string) => () =>
      new WebStack(bareApp, `Bare${Math.random().toString(36).slice(2, 8)}`, {
        apiEndpoint: 'https://abc123.execute-api.eu-west-1.amazonaws.com',
        webDistPath,
        table: bareData.table,
        edgeSecret: bareData.edgeSecret,
      });
    expect(bare(path.join(webDist, 'missing'))).toThrow(/npm run build:web/);
    // A folder without the shell (an interrupted build, the wrong path) is no site either.
    const empty = path.join(scratch, 'empty-dist');
    mkdirSync(empty);
    expect(bare(empty)).toThrow(/index\.html.*npm run build:web/);
  });
});

import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { FunctionAccess } from './access.ts';
import { nodejsBundling, repoPath } from './bundling.ts';

/** Kept importable from here, where the stacks take the rest of a function's setup. */
export type { FunctionAccess } from './access.ts';

/** The `service` of every log line and metric (Powertools' POWERTOOLS_SERVICE_NAME). */
export const SERVICE_NAME = 'quizquest';

/** The CloudWatch namespace of a stage's product metrics (functions/lib/metrics.ts): alarms and dashboards read it. */
export function metricsNamespace(stage: string): string {
  return `QuizQuest/${stage}`;
}

/** What every function is configured with (functions/lib/env.ts reads these). */
export interface PlatformResources {
  readonly table: ITable;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** The app client's secret (auth stack), for functions with the `clientSecret` access flag. */
  readonly userPoolClientSecret?: ISecret;
  /** A name, not a construct: stacks that publish to the bus need not depend on its owner. */
  readonly eventBusName: string;
  /** The stage, for the metrics namespace (addPlatform passes it; a test that builds resources by hand gets `dev`). */
  readonly stage?: string;
  /** Sender address; must be an SES-verified identity in the target account. */
  readonly mailFrom: string;
  /** The external card-payment checkout page Subscribe opens; unset until the operator has one. */
  readonly checkoutUrl?: string;
  /** `floors`: the landing statistics show the spec's floors (LANDING_STATS); unset, the real counts. */
  readonly landingStats?: 'real' | 'floors';
  /** The WebSocket API (realtime stack), for functions with the `push` access flag. */
  readonly webSocket?: WebSocketResources;
  /** Bedrock models (context `bedrockTextModelId`, `bedrockEmbeddingModelId`), for functions with the `ai` access flag. */
  readonly ai?: AiModels;
  /** The live matches' step queue, by name (names.ts `matchStepsQueue`), for functions with the `sendMatchSteps` access flag. */
  readonly matchStepsQueueName?: string;
  /** The knowledge index's bucket (infra/constructs/knowledge-index.ts), for functions with the `knowledgeIndex` access flag. */
  readonly knowledgeIndex?: { readonly bucketName: string; readonly bucketArn: string };
}

/** Amazon Bedrock model ids (or inference profile ids such as `us.amazon.nova-lite-v1:0`) the AI layer uses. */
export interface AiModels {
  readonly textModelId: string;
  readonly embeddingModelId: string;
}

export const DEFAULT_AI_MODELS: AiModels = { textModelId: 'amazon.nova-lite-v1:0', embeddingModelId: 'amazon.titan-embed-text-v2:0' };

export interface WebSocketResources {
  readonly apiId: string;
  readonly stageName: string;
  /** `https://<api>.execute-api.<region>.amazonaws.com/<stage>`: PostToConnection's endpoint. */
  readonly callbackUrl: string;
}

export interface ProjectFunctionProps
  extends Pick<NodejsFunctionProps, 'functionName' | 'description' | 'timeout' | 'memorySize' | 'deadLetterQueue' | 'retryAttempts' | 'maxEventAge' | 'reservedConcurrentExecutions'> {
  /** Handler file, relative to the repository root (as in ROUTES, COGNITO_TRIGGERS and CONSUMERS). */
  readonly entry: `functions/${string}.ts`;
  readonly resources: PlatformResources;
  readonly access: FunctionAccess;
}

/**
 * A handler from functions/ with the project's defaults: Node.js 24 on arm64, an ESM
 * bundle with the SDK inside and source maps, a month of logs, X-Ray active tracing, the
 * common environment, and IAM limited to what `access` names.
 */
export class ProjectFunction extends NodejsFunction {
  private readonly resources: PlatformResources;

  constructor(scope: Construct, id: string, props: ProjectFunctionProps) {
    const { entry, resources, access, ...rest } = props;
    super(scope, id, {
      memorySize: 512, // more memory is more CPU: shorter cold starts for ~0.5 MB bundles
      timeout: Duration.seconds(10),
      ...rest,
      entry: repoPath(entry),
      handler: 'handler',
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      projectRoot: repoPath('.'),
      depsLockFilePath: repoPath('package-lock.json'),
      bundling: nodejsBundling(entry),
      // Created beside the function: a subclass cannot add children before super().
      logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
      // X-Ray active tracing: the trace id lands on every log line (xray_trace_id). No tracer
      // SDK in the bundle (aws-xray-sdk would not fit the 500 KB budget): Lambda's own segments.
      tracing: Tracing.ACTIVE,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        // Powertools logger and metrics (functions/lib/log.ts, metrics.ts): one service, a metrics namespace per stage.
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(resources.stage ?? 'dev'),
        TABLE_NAME: resources.table.tableName,
        USER_POOL_ID: resources.userPoolId,
        USER_POOL_CLIENT_ID: resources.userPoolClientId,
        EVENT_BUS_NAME: resources.eventBusName,
        MAIL_FROM: resources.mailFrom,
        ...(resources.checkoutUrl ? { CHECKOUT_URL: resources.checkoutUrl } : {}),
        ...(resources.landingStats === 'floors' ? { LANDING_STATS: 'floors' } : {}),
        // No SITE_URL: in AWS the web stack writes the public origin to the table (CONFIG/SITE).
      },
    });
    this.resources = resources;
    this.grantAccess(access);
  }

  /** Adds exactly the permissions `access` names, each scoped to our one resource. */
  grantAccess(access: FunctionAccess): void {
    const { table, userPoolId, eventBusName, mailFrom } = this.resources;
    const stack = Stack.of(this);
    if (access.table) {
      const actions = access.table === 'read' ? TABLE_READ : [...TABLE_READ, ...TABLE_WRITE];
      this.allow(actions, [table.tableArn, `${table.tableArn}/index/*`]);
    }
    if (access.cognito?.length) {
      this.allow(
        access.cognito.map((action) => `cognito-idp:${action}`),
        [stack.formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: userPoolId })],
      );
    }
    if (access.clientSecret) {
      const secret = this.resources.userPoolClientSecret;
      if (!secret) throw new Error(`${this.node.path} calls Cognito as the app client (access.clientSecret) but no client secret was given in its resources`);
      this.addEnvironment('USER_POOL_CLIENT_SECRET', secret.secretValue.unsafeUnwrap());
    }
    if (access.publishEvents) {
      this.allow(['events:PutEvents'], [stack.formatArn({ service: 'events', resource: 'event-bus', resourceName: eventBusName })]);
    }
    if (access.sendMail) {
      // SES authorises against the sending identity (address or domain), and in the sandbox
      // also against recipients, so scope by the From address instead of one identity ARN.
      this.addToRolePolicy(
        new PolicyStatement({
          actions: mailActions(access),
          resources: [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*', arnFormat: ArnFormat.SLASH_RESOURCE_NAME })],
          conditions: { StringEquals: { 'ses:FromAddress': addressOf(mailFrom) } },
        }),
      );
    }
    if (access.push) {
      const ws = this.resources.webSocket;
      if (!ws) throw new Error(`${this.node.path} pushes (access.push) but no WebSocket API was given in its resources`);
      this.addEnvironment('WEBSOCKET_CALLBACK_URL', ws.callbackUrl);
      // POST sends (PostToConnection); DELETE closes a socket (DeleteConnection: a password reset, Delete Account).
      const connections = (method: 'POST' | 'DELETE') => stack.formatArn({ service: 'execute-api', resource: ws.apiId, resourceName: `${ws.stageName}/${method}/@connections/*` });
      this.allow(['execute-api:ManageConnections'], [connections('POST'), connections('DELETE')]);
    }
    if (access.ai) this.grantAi();
    if (access.sendMatchSteps) {
      const queue = this.resources.matchStepsQueueName;
      if (!queue) throw new Error(`${this.node.path} hands live match steps (access.sendMatchSteps) but no step queue was named in its resources`);
      this.addEnvironment('MATCH_STEPS_QUEUE_URL', `https://sqs.${stack.region}.${stack.urlSuffix}/${stack.account}/${queue}`);
      this.allow(['sqs:SendMessage'], [stack.formatArn({ service: 'sqs', resource: queue, arnFormat: ArnFormat.NO_RESOURCE_NAME })]);
    }
    if (access.knowledgeIndex) {
      const index = this.resources.knowledgeIndex;
      if (!index) throw new Error(`${this.node.path} uses the knowledge index (access.knowledgeIndex) but no index bucket was given in its resources`);
      this.addEnvironment('KNOWLEDGE_INDEX_BUCKET', index.bucketName);
      // A writer also deletes the versions its builds superseded (functions/ai/index-publish.ts).
      this.allow(access.knowledgeIndex === 'readWrite' ? ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'] : ['s3:GetObject'], [`${index.bucketArn}/${KNOWLEDGE_INDEX_PREFIX}/*`]);
      this.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [index.bucketArn], conditions: { StringLike: { 's3:prefix': `${KNOWLEDGE_INDEX_PREFIX}/*` } } }));
    }
  }

  private grantAi(): void {
    const models = this.resources.ai ?? DEFAULT_AI_MODELS;
    const stack = Stack.of(this);
    this.addEnvironment('AI_PROVIDER', 'bedrock');
    this.addEnvironment('BEDROCK_TEXT_MODEL_ID', models.textModelId);
    this.addEnvironment('BEDROCK_EMBEDDING_MODEL_ID', models.embeddingModelId);
    const arns = [models.textModelId, models.embeddingModelId].flatMap((id) => {
      // A cross-region inference profile (us., eu., apac., global.) routes to the model in several regions.
      const profile = /^(us|eu|apac|global)\.(.+)$/.exec(id);
      if (!profile) return [stack.formatArn({ service: 'bedrock', account: '', resource: 'foundation-model', resourceName: id })];
      return [
        stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: id }),
        stack.formatArn({ service: 'bedrock', region: '*', account: '', resource: 'foundation-model', resourceName: profile[2]! }),
      ];
    });
    this.allow(['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'], arns);
  }

  private allow(actions: string[], resources: string[]): void {
    this.addToRolePolicy(new PolicyStatement({ actions, resources }));
  }
}

/** Where functions/ai/scope-index.ts keeps the knowledge index's objects in its bucket. */
const KNOWLEDGE_INDEX_PREFIX = 'knowledge-index';

// Item-level calls only: no Scan, no streams, no table management.
const TABLE_READ = ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem'].map((a) => `dynamodb:${a}`);
const TABLE_WRITE = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'].map((a) => `dynamodb:${a}`);

/**
 * The SES actions `sendMail` grants: `ses:SendEmail` only, which authorises SES v2 SendEmail with
 * `Simple` (attachments included) or `Template` content; `Raw` content would need `ses:SendRawEmail`.
 * tests/infra/bundles.test.ts checks every bundle's sends against this.
 */
export function mailActions(access: FunctionAccess): string[] {
  return access.sendMail ? ['ses:SendEmail'] : [];
}

/** `Quiz Quest <no-reply@example.com>` → `no-reply@example.com`. */
function addressOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
}

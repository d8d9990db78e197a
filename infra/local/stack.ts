import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { createApiGateway } from './api-gateway.ts';
import { localQueueUrl, startAwsServices } from './aws-services.ts';
import { ensureUserPool, localCognitoClient, startCognito } from './cognito.ts';
import { ensureTable, startDynamoDb } from './dynamodb.ts';
import { CONSUMERS } from '#events/catalogue.ts';
import { SCHEDULES } from '#events/schedules.ts';
import { WEBSOCKET_ROUTES } from '#functions/realtime/routes.ts';
import { LocalEventBus } from './event-bus.ts';
import { preload } from './lambda-host.ts';
import { Mailbox } from './mailbox.ts';
import { stopChildren } from './processes.ts';
import { MATCH_STEPS } from '#functions/tournaments/step-queue.ts';
import { seedQuestionBank } from '#functions/questions/seed-bank.ts';
import { seedKnowledgeBase } from '#functions/knowledge/seed.ts';
import { LocalQueue } from './queue.ts';
import { LocalScheduler } from './scheduler.ts';
import { seedDemoAccounts, type SeedAccount } from './seed.ts';
import { startWebServer } from './web-server.ts';
import { createWebSocketGateway } from './websocket-gateway.ts';

/**
 * The whole product on one machine: DynamoDB Local, cognito-local, the emulated AWS
 * APIs, the HTTP API with the real handlers, the scheduled jobs, and the web app, on one origin.
 * `npm start` and the end-to-end tests both start it through this function.
 */
export interface LocalStackOptions {
  /** The public port; internal services use the next ones (port+10, +11, +12, +13). */
  port: number;
  host?: string;
  /** Where data persists between runs; omitted means DynamoDB in memory and a temporary folder. */
  dataDir: string;
  inMemory?: boolean;
  root?: string;
  seed?: boolean;
  /** Accounts seeded besides the demo ones (e2e: an admin per test file, so sign-in limits per e-mail are not shared). */
  extraAccounts?: readonly SeedAccount[];
  /** Consumer deliveries the bus runs at once (infra/local/event-bus.ts); unbounded when omitted. */
  consumerDeliveriesAtOnce?: number;
  /** Shorter WebSocket idle and lifetime limits than API Gateway's (10 min, 2 h), for tests of reconnection. */
  websocketLimits?: { idleTimeoutMs?: number; lifetimeMs?: number };
}

export interface LocalStack {
  url: string;
  env: Record<string, string>;
  mailbox: Mailbox;
  bus: LocalEventBus;
  /** Fires the jobs of events/schedules.ts at their times. */
  scheduler: LocalScheduler;
  /** The seeded admins' authenticator keys (e-mail → base32 key): admins sign in with a code (infra/local/totp.ts makes one). */
  authenticatorKeys: Record<string, string>;
  stop: () => Promise<void>;
}

export const TABLE_NAME = 'quizquest-local';
/** The knowledge index's bucket in the emulated S3 (its objects under <data dir>/s3). */
export const KNOWLEDGE_INDEX_BUCKET = 'quizquest-local-knowledge-index';
const POOL_NAME = 'quizquest-local';

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const root = options.root ?? resolve(import.meta.dirname, '../..');
  const host = options.host ?? '127.0.0.1';
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const ports = { web: options.port, dynamodb: options.port + 10, cognito: options.port + 11, aws: options.port + 12, cognitoLocal: options.port + 13 };
  const url = `http://${host === '127.0.0.1' ? 'localhost' : host}:${ports.web}`;
  const servers: Server[] = [];

  const mailbox = new Mailbox(join(dataDir, 'mail'));
  const bus = new LocalEventBus(root, {}, options.consumerDeliveriesAtOnce);
  const scheduler = new LocalScheduler({ root });
  const awsEndpoint = `http://127.0.0.1:${ports.aws}`;

  const websocket = createWebSocketGateway({ root, ...options.websocketLimits });
  // A live match's timed steps wait in this queue, delayed as SQS delays them (functions/tournaments/step-queue.ts).
  const matchSteps = new LocalQueue({ ...MATCH_STEPS, name: MATCH_STEPS.consumer, entry: MATCH_STEPS.entry, root, visibilityTimeoutMs: 1000 });
  const matchStepsQueueName = `quizquest-local-${MATCH_STEPS.queue}`;

  try {
    servers.push(await startAwsServices({ port: ports.aws, root, mailbox, bus, websocket, queues: new Map([[matchStepsQueueName, matchSteps]]), storage: { dir: join(dataDir, 's3'), buckets: [KNOWLEDGE_INDEX_BUCKET] } }));
    const [dynamoEndpoint, cognito] = await Promise.all([
      startDynamoDb({ port: ports.dynamodb, dataDir: options.inMemory ? undefined : join(dataDir, 'dynamodb') }),
      startCognito({ port: ports.cognito, upstreamPort: ports.cognitoLocal, dataDir: join(dataDir, 'cognito'), lambdaEndpoint: awsEndpoint }),
    ]);
    servers.push(cognito.front);
    const cognitoEndpoint = cognito.endpoint;
    const [, pool] = await Promise.all([ensureTable(dynamoEndpoint, TABLE_NAME), ensureUserPool(cognitoEndpoint, POOL_NAME)]);

    // The handlers run in this process and read their configuration from the environment, as in Lambda.
    const env: Record<string, string> = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognitoEndpoint,
      AWS_ENDPOINT_URL_SESV2: awsEndpoint,
      AWS_ENDPOINT_URL_EVENTBRIDGE: awsEndpoint,
      AWS_ENDPOINT_URL_SQS: awsEndpoint,
      AWS_ENDPOINT_URL_S3: awsEndpoint,
      KNOWLEDGE_INDEX_BUCKET,
      MATCH_STEPS_QUEUE_URL: localQueueUrl(awsEndpoint, matchStepsQueueName),
      // The WebSocket API's @connections endpoint (push.ts), emulated beside the other AWS APIs.
      WEBSOCKET_CALLBACK_URL: awsEndpoint,
      TABLE_NAME,
      USER_POOL_ID: pool.userPoolId,
      TOKEN_ISSUER: `${cognitoEndpoint}/${pool.userPoolId}`,
      USER_POOL_CLIENT_ID: pool.clientId,
      // As in AWS, only the functions know the app client's secret (SECRET_HASH on SignUp, InitiateAuth…).
      USER_POOL_CLIENT_SECRET: pool.clientSecret,
      EVENT_BUS_NAME: 'quizquest-local',
      MAIL_FROM: 'QuizQuest <no-reply@quizquest.local>',
      SITE_URL: url,
      // The external card-payment page is someone else's site; locally a stand-in page names the plan.
      CHECKOUT_URL: `${url}/_dev/checkout`,
      // New each start, like the secret CloudFront sends in AWS: only the local edge knows it.
      EDGE_SECRET: randomBytes(24).toString('base64url'),
    };
    Object.assign(process.env, env);

    const drainedAfterCtrlC = [...Object.values(CONSUMERS), ...Object.values(SCHEDULES), ...WEBSOCKET_ROUTES, MATCH_STEPS].map((handler) => handler.entry);
    let authenticatorKeys: Record<string, string> = {};
    const seedAccounts = async () => {
      authenticatorKeys = await seedDemoAccounts(localCognitoClient(cognitoEndpoint), pool, join(dataDir, 'authenticator-keys.json'), options.extraAccounts);
    };
    await Promise.all([
      preload(drainedAfterCtrlC, root),
      options.seed !== false && seedAccounts(),
      options.seed !== false && seedQuestionBank(),
      // The knowledge base (country fact sheets, the bank's explanations, the guides): stamped, so a restart embeds nothing.
      options.seed !== false && seedKnowledgeBase(),
    ]);

    const api = createApiGateway({ root, jwt: { issuer: `${cognitoEndpoint}/${pool.userPoolId}`, audience: pool.clientId } });
    const web = await startWebServer({ port: ports.web, host, webDist: join(root, 'web', 'dist'), api, mailbox, edgeSecret: env.EDGE_SECRET!, websocket });
    scheduler.start();

    // Front door and scheduler first, so no new work arrives (a job that is running finishes);
    // then the bus's and the step queue's deliveries (which still need the AWS emulations and the
    // database); then the rest. A live match's steps still delayed are dropped, not waited for:
    // the match stays as stored and the per-minute job resumes it after the restart, rather than
    // the stack playing the rest of it to nobody while Ctrl-C waits.
    const stop = async () => {
      matchSteps.close();
      await Promise.all([closeServer(web), websocket.stop(), scheduler.stop()]);
      await Promise.all([bus.drain(), matchSteps.drain()]);
      await Promise.all(servers.map(closeServer));
      await stopChildren();
    };
    return { url, env, mailbox, bus, scheduler, authenticatorKeys, stop };
  } catch (error) {
    await scheduler.stop();
    await Promise.all(servers.map(closeServer));
    await stopChildren();
    throw error;
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

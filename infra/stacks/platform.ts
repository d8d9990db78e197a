import type { App, Stack } from 'aws-cdk-lib';
import { SCHEDULES } from '#events/schedules.ts';
import { API_AREAS, ROUTES, type ApiArea } from '#functions/routes.ts';
import { metricsNamespace, type AiModels } from '../constructs/project-function.ts';
import type { SiteDomain } from '../stage-config.ts';
import type { LandingStatsMode } from '#shared/plans.ts';
import { ApiAreaStack } from './api-area-stack.ts';
import { AlertsStack } from './alerts-stack.ts';
import { ApiStageStack } from './api-stage-stack.ts';
import { alarmNameOf, MonitoringStack } from './monitoring-stack.ts';
import { watchStacks } from './watch.ts';
import { ApiStack } from './api-stack.ts';
import { AuthStack } from './auth-stack.ts';
import { DataStack } from './data-stack.ts';
import { EventsStack } from './events-stack.ts';
import { pascal, platformNames } from './names.ts';
import { TABLE_DESIGN } from '#functions/data/table-design.ts';
import { RealtimeStack } from './realtime-stack.ts';
import { SchedulesStack } from './schedules-stack.ts';
import { WebStack } from './web-stack.ts';

export interface PlatformConfig {
  readonly stage: string;
  /** Must be an SES-verified identity (address or its domain) in the target account. */
  readonly mailFrom: string;
  readonly webDistPath: string;
  /** The external checkout page (context `checkoutUrl`); without it Subscribe answers 503. */
  readonly checkoutUrl?: string;
  /** What the landing page's figures are (context `landingStats`): the real counts unless `floors`. */
  readonly landingStats?: LandingStatsMode;
  /** Bedrock model ids for the AI layer (context `bedrockTextModelId`, `bedrockEmbeddingModelId`). */
  readonly ai?: AiModels;
  /** Context `alarmEmail`: the address the stage's alarms are mailed to (subscribed to its SNS topic). */
  readonly alarmEmail?: string;
  /** Context `webAclArn`: a CloudFront web ACL made in us-east-1, for a stage deployed elsewhere (web-stack.ts). */
  readonly webAclArn?: string;
  /** Context `domainName` and `certificateArn` (stage-config.ts siteDomain): the site's own domain. */
  readonly domain?: SiteDomain;
}

/**
 * All stacks of one stage, in deployment order:
 * data → auth → realtime (the WebSocket API) → events → api → one stack per API area (in parallel) → web,
 * and the scheduled jobs after events (events/schedules.ts; no stack while the table is empty).
 * Later stacks reach earlier ones by reference; the bus is reached by name, because the
 * auth stack's trigger publishes to it before the events stack exists. The API stack holds
 * only the HTTP API and its authorizer; each area's stack adds its routes to it. The web
 * stack, last, writes the site URL into the table (CONFIG/SITE), where the functions read it.
 */
export function addPlatform(app: App, config: PlatformConfig) {
  const names = platformNames(config.stage);
  const id = (concern: string) => `${names.stackPrefix}-${concern}`;

  // First: the alarm topic and the mail configuration set, which every later stack uses by name.
  const alerts = new AlertsStack(app, id('Alerts'), { names, alarmEmail: config.alarmEmail });
  const data = new DataStack(app, id('Data'));
  const auth = new AuthStack(app, id('Auth'), { names, table: data.table, mailFrom: config.mailFrom });
  const baseResources = {
    stage: config.stage,
    table: data.table,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
    userPoolClientSecret: auth.userPoolClientSecret,
    eventBusName: names.eventBus,
    matchStepsQueueName: names.matchStepsQueue,
    mailFrom: config.mailFrom,
    checkoutUrl: config.checkoutUrl,
    landingStats: config.landingStats,
    ai: config.ai,
    knowledgeIndex: { bucketName: data.knowledgeIndex.bucket.bucketName, bucketArn: data.knowledgeIndex.bucket.bucketArn },
  };
  // The WebSocket API comes before every stack whose functions push to it (access flag `push`).
  const realtime = new RealtimeStack(app, id('Realtime'), { resources: baseResources });
  const resources = { ...baseResources, webSocket: realtime.webSocket };
  const events = new EventsStack(app, id('Events'), { resources });
  const api = new ApiStack(app, id('Api'), { userPool: auth.userPool, userPoolClient: auth.userPoolClient });
  const apiAreas = {} as Record<ApiArea, ApiAreaStack>;
  for (const area of Object.keys(API_AREAS) as ApiArea[]) {
    apiAreas[area] = new ApiAreaStack(app, id(`Api-${pascal(area)}`), {
      area,
      routes: ROUTES.filter((route) => route.area === area),
      httpApiId: api.api.apiId,
      authorizerId: api.authorizer.authorizerId,
      resources,
      edgeSecret: data.edgeSecret,
    });
    // The handlers publish to the bus by name: have the bus before the routes take traffic.
    apiAreas[area].addStackDependency(events);
  }
  // CloudFormation refuses a stack without resources: no jobs, no stack.
  const schedules = Object.keys(SCHEDULES).length
    ? new SchedulesStack(app, id('Schedules'), { resources, scheduleGroupName: names.scheduleGroup })
    : undefined;
  schedules?.addStackDependency(events);
  // The HTTP API's stage after every route: its route settings (the /api/auth/* throttle) name routes.
  const apiStage = new ApiStageStack(app, id('Api-Stage'), { httpApiId: api.api.apiId, routes: ROUTES });
  for (const stack of Object.values(apiAreas)) apiStage.addStackDependency(stack);
  const web = new WebStack(app, id('Web'), {
    apiEndpoint: api.api.apiEndpoint,
    webSocketApiId: realtime.api.apiId,
    webDistPath: config.webDistPath,
    table: data.table,
    edgeSecret: data.edgeSecret,
    webAclArn: config.webAclArn,
    domain: config.domain,
  });
  // The site opens its /api/* door once every route is in place.
  for (const stack of Object.values(apiAreas)) web.addStackDependency(stack);
  web.addStackDependency(realtime);
  web.addStackDependency(apiStage);

  // Alarms: each stack watches its own functions (by area) and dead-letter queues, so no function
  // or queue is exported; the monitoring stack, last, holds the API and table alarms and the dashboard.
  const functionAreas: [string, Stack][] = [
    ['auth-triggers', auth],
    ['realtime', realtime],
    ['consumers', events],
    ...(Object.entries(apiAreas) as [ApiArea, ApiAreaStack][]),
    ...(schedules ? [['schedules', schedules] as [string, Stack]] : []),
  ];
  const watched = watchStacks({ names, functionAreas, stacks: [data, auth, realtime, events, api, ...Object.values(apiAreas), ...(schedules ? [schedules] : []), apiStage, web] });
  const monitoring = new MonitoringStack(app, id('Monitoring'), {
    names,
    httpApi: api.api,
    webSocketApi: realtime.api,
    table: data.table,
    indexNames: TABLE_DESIGN.globalSecondaryIndexes.map((index) => index.indexName),
    productNamespace: metricsNamespace(config.stage),
    alarmNames: [...[...alerts.mail.alarms, ...alerts.pools.alarms].map(alarmNameOf), ...watched.alarmNames],
  });
  monitoring.addStackDependency(apiStage);
  for (const stack of [data, auth, realtime, events, api, ...Object.values(apiAreas), ...(schedules ? [schedules] : []), apiStage, web, monitoring]) {
    stack.addStackDependency(alerts);
  }
  return { names, alerts, data, auth, realtime, events, api, apiAreas, schedules, apiStage, web, monitoring, watched };
}

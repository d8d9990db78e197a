import type { App } from 'aws-cdk-lib';
import { SCHEDULES } from '#events/schedules.ts';
import { API_AREAS, ROUTES, type ApiArea } from '#functions/routes.ts';
import type { AiModels } from '../constructs/project-function.ts';
import type { LandingStatsMode } from '#shared/plans.ts';
import { ApiAreaStack } from './api-area-stack.ts';
import { ApiStack } from './api-stack.ts';
import { AuthStack } from './auth-stack.ts';
import { DataStack } from './data-stack.ts';
import { EventsStack } from './events-stack.ts';
import { pascal, platformNames } from './names.ts';
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

  const data = new DataStack(app, id('Data'));
  const auth = new AuthStack(app, id('Auth'), { names, table: data.table, mailFrom: config.mailFrom });
  const baseResources = {
    table: data.table,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
    userPoolClientSecret: auth.userPoolClientSecret,
    eventBusName: names.eventBus,
    mailFrom: config.mailFrom,
    checkoutUrl: config.checkoutUrl,
    landingStats: config.landingStats,
    ai: config.ai,
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
  const web = new WebStack(app, id('Web'), {
    apiEndpoint: api.api.apiEndpoint,
    webSocketApiId: realtime.api.apiId,
    webDistPath: config.webDistPath,
    table: data.table,
    edgeSecret: data.edgeSecret,
  });
  // The site opens its /api/* door once every route is in place.
  for (const stack of Object.values(apiAreas)) web.addStackDependency(stack);
  web.addStackDependency(realtime);
  return { names, data, auth, realtime, events, api, apiAreas, schedules, web };
}

import type { App } from 'aws-cdk-lib';
import { ApiStack } from './api-stack.ts';
import { AuthStack } from './auth-stack.ts';
import { DataStack } from './data-stack.ts';
import { EventsStack } from './events-stack.ts';
import { platformNames } from './names.ts';
import { WebStack } from './web-stack.ts';

export interface PlatformConfig {
  readonly stage: string;
  /** Must be an SES-verified identity (address or its domain) in the target account. */
  readonly mailFrom: string;
  readonly webDistPath: string;
  /** The external checkout page (context `checkoutUrl`); without it Subscribe answers 503. */
  readonly checkoutUrl?: string;
}

/**
 * All stacks of one stage, in deployment order: data → auth → events → api → web.
 * Later stacks reach earlier ones by reference; the bus is reached by name, because the
 * auth stack's trigger publishes to it before the events stack exists. The web stack,
 * last, writes the site URL into the table (CONFIG/SITE), where the functions read it.
 */
export function addPlatform(app: App, config: PlatformConfig) {
  const names = platformNames(config.stage);
  const id = (concern: string) => `${names.stackPrefix}-${concern}`;

  const data = new DataStack(app, id('Data'));
  const auth = new AuthStack(app, id('Auth'), { names, table: data.table, mailFrom: config.mailFrom });
  const resources = {
    table: data.table,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
    eventBusName: names.eventBus,
    mailFrom: config.mailFrom,
    checkoutUrl: config.checkoutUrl,
  };
  const events = new EventsStack(app, id('Events'), { resources });
  const api = new ApiStack(app, id('Api'), { resources, userPool: auth.userPool, userPoolClient: auth.userPoolClient, edgeSecret: data.edgeSecret });
  // The API's handlers publish to the bus by name: have the bus before the API takes traffic.
  api.addStackDependency(events);
  const web = new WebStack(app, id('Web'), {
    apiEndpoint: api.api.apiEndpoint,
    webDistPath: config.webDistPath,
    table: data.table,
    edgeSecret: data.edgeSecret,
  });
  return { names, data, auth, events, api, web };
}

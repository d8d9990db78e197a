/**
 * The WebSocket API's routes, selected by `$request.body.action` as API Gateway does.
 * The CDK realtime stack (one Lambda per entry) and the local WebSocket gateway
 * (infra/local/websocket-gateway.ts) both read this table, so the two hosts route alike.
 * `reply: true` routes send their handler's body back to the caller (a route response).
 */
export interface WebSocketRouteDefinition {
  readonly routeKey: '$connect' | '$disconnect' | '$default' | 'subscribe' | 'unsubscribe' | 'ping';
  /** Short, unique, used for the Lambda's construct id and name (and its IAM entry). */
  readonly name: string;
  readonly entry: `functions/realtime/${string}.ts`;
  readonly reply: boolean;
}

export const ROUTE_SELECTION_EXPRESSION = '$request.body.action';

export const WEBSOCKET_ROUTES = [
  { routeKey: '$connect', name: 'WsConnect', entry: 'functions/realtime/connect.ts', reply: false },
  { routeKey: '$disconnect', name: 'WsDisconnect', entry: 'functions/realtime/disconnect.ts', reply: false },
  { routeKey: 'subscribe', name: 'WsSubscribe', entry: 'functions/realtime/subscribe.ts', reply: true },
  { routeKey: 'unsubscribe', name: 'WsUnsubscribe', entry: 'functions/realtime/unsubscribe.ts', reply: true },
  { routeKey: 'ping', name: 'WsPing', entry: 'functions/realtime/ping.ts', reply: true },
  { routeKey: '$default', name: 'WsDefault', entry: 'functions/realtime/default.ts', reply: true },
] as const satisfies readonly WebSocketRouteDefinition[];

/** The `$connect` authorizer: a Lambda REQUEST authorizer reading `?token=` (a Cognito access token). */
export const WEBSOCKET_AUTHORIZER = {
  name: 'WsAuthorize',
  entry: 'functions/realtime/authorize-connection.ts',
  identitySource: 'route.request.querystring.token',
} as const;

/** Kept with the HTTP API's limits in one place both hosts read (functions/throttle.ts). */
export { WEBSOCKET_THROTTLE } from '../throttle.ts';

/** API Gateway's service limits, which the local gateway applies too. */
export const WEBSOCKET_LIMITS = {
  idleTimeoutMs: 10 * 60 * 1000,
  lifetimeMs: 2 * 60 * 60 * 1000,
  maxMessageBytes: 128 * 1024,
} as const;

import type { APIGatewayEventWebsocketRequestContextV2, APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2WithRequestContext } from 'aws-lambda';
import { clientMessageSchema, type ClientMessage } from '#shared/realtime/messages.ts';

/** What the authorizer hands the routes (`requestContext.authorizer`): API Gateway flattens its context. */
export interface ConnectionAuthorizer {
  principalId?: string;
  userId?: string;
}

export type WebSocketEvent = APIGatewayProxyWebsocketEventV2WithRequestContext<APIGatewayEventWebsocketRequestContextV2 & { authorizer?: ConnectionAuthorizer }>;
export type WebSocketResult = APIGatewayProxyResultV2;

/** Replies to the caller (route responses): not a ServerMessage (no topic), so the browser's topic listeners ignore them. */
export interface Reply {
  type: 'subscribed' | 'unsubscribed' | 'pong' | 'error';
  topic?: string;
  message?: string;
  /** A clock-sync pong: the client's `t` echoed, and the server's clock when it answered (ms since the epoch). */
  t?: number;
  server_time?: number;
}

export const reply = (statusCode: number, body: Reply): WebSocketResult => ({ statusCode, body: JSON.stringify(body) });

export const REALTIME_MESSAGES = {
  malformed: 'Malformed message',
  unknownAction: 'Unknown action: use subscribe, unsubscribe or ping',
  forbidden: 'You may not subscribe to this topic',
  unknownConnection: 'Connection not found: reconnect',
  badPing: 'Malformed ping: t must be your clock in milliseconds since 1970 (a date from 2000 to 2200)',
  // As API Gateway and the local gateway word a throttled request.
  tooManyFrames: 'Too Many Requests',
} as const;

/** The body as JSON, or undefined when it is none (never throws). */
export function readJson(event: WebSocketEvent): unknown {
  if (typeof event.body !== 'string') return undefined;
  try {
    return JSON.parse(event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) as unknown;
  } catch {
    return undefined;
  }
}

/** The body as a client message, or undefined (never throws). */
export function parseBody(event: WebSocketEvent): ClientMessage | undefined {
  const parsed = clientMessageSchema.safeParse(readJson(event));
  return parsed.success ? parsed.data : undefined;
}

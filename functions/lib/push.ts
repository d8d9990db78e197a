import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { ServerMessage, Topic } from '#shared/realtime/messages.ts';
import { connectionsOfTopic, connectionsOfUser, deleteConnection } from '../data/connections.ts';
import { env } from './env.ts';
import { log } from './log.ts';

/**
 * Sends messages to open WebSocket connections through API Gateway's management API
 * (`PostToConnection`). A connection the gateway no longer knows (410 Gone) is removed
 * with its subscriptions; any other failure is logged and never thrown: a push is a
 * courtesy on top of data already stored, which a client refetches after a reconnect.
 * A function that pushes needs the `push` access flag (infra/stacks/function-access.ts),
 * which grants execute-api:ManageConnections and sets WEBSOCKET_CALLBACK_URL.
 */
const CONCURRENCY = 10;

let client: { endpoint: string; client: ApiGatewayManagementApiClient } | undefined;

function managementClient(): ApiGatewayManagementApiClient | undefined {
  const endpoint = env().WEBSOCKET_CALLBACK_URL;
  if (!endpoint) return undefined;
  if (client?.endpoint !== endpoint) client = { endpoint, client: new ApiGatewayManagementApiClient({ endpoint }) };
  return client.client;
}

function isGone(error: unknown): boolean {
  if (error instanceof GoneException) return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
  return status === 410 || (error as { name?: unknown } | undefined)?.name === 'GoneException';
}

/** Posts one payload to each connection, at most CONCURRENCY at a time; returns how many were delivered. */
async function postToAll(connectionIds: readonly string[], payload: string): Promise<number> {
  const api = managementClient();
  if (!api || connectionIds.length === 0) return 0;
  const data = new TextEncoder().encode(payload);
  let next = 0;
  let sent = 0;
  const worker = async () => {
    while (next < connectionIds.length) {
      const connectionId = connectionIds[next++]!;
      try {
        await api.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
        sent += 1;
      } catch (error) {
        if (isGone(error)) {
          await deleteConnection(connectionId).catch((cleanup: unknown) => log.warn('push: removing a gone connection failed', { connectionId, error: String(cleanup) }));
        } else {
          log.warn('push: PostToConnection failed', { connectionId, error: String(error) });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, connectionIds.length) }, worker));
  return sent;
}

/** To every open connection of the account (its `user:<id>` topic; no subscription needed). */
export async function pushToUser(userId: string, message: Omit<ServerMessage, 'topic'>): Promise<void> {
  if (!managementClient()) return;
  const topic: Topic = `user:${userId}`;
  try {
    await postToAll(await connectionsOfUser(userId), JSON.stringify({ ...message, topic }));
  } catch (error) {
    log.warn('push: to user failed', { userId, type: message.type, error: String(error) });
  }
}

/** To every connection subscribed to the topic; `sent` counts the deliveries. */
export async function pushToTopic(topic: Topic, message: Omit<ServerMessage, 'topic'>): Promise<{ sent: number }> {
  if (!managementClient()) return { sent: 0 };
  try {
    return { sent: await postToAll(await connectionsOfTopic(topic), JSON.stringify({ ...message, topic })) };
  } catch (error) {
    log.warn('push: to topic failed', { topic, type: message.type, error: String(error) });
    return { sent: 0 };
  }
}

import { PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { ServerMessage, Topic } from '#shared/realtime/messages.ts';
import { connectionsOfUser, deleteConnection, deleteSubscription, listenersOfTopic } from '../realtime/data/connections.ts';
import { allowedAmong } from '../realtime/topic-access.ts';
import { isGone, managementClient } from './connections-api.ts';
import { log } from './log.ts';
import { countMetric, METRIC } from './metrics.ts';

/**
 * Sends messages to open WebSocket connections through API Gateway's management API
 * (`PostToConnection`). A connection the gateway no longer knows (410 Gone) is removed
 * with its subscriptions; any other failure is logged and never thrown: a push is a
 * courtesy on top of data already stored, which a client refetches after a reconnect.
 * A function that pushes needs the `push` access flag (infra/stacks/function-access.ts),
 * which grants execute-api:ManageConnections and sets WEBSOCKET_CALLBACK_URL. Closing an
 * account's sockets is close-connections.ts.
 */
/**
 * Posts in flight at once. A live question goes to up to 1,000 connections and must reach the
 * last one well inside its lead (shared/tournaments/schedule.ts QUESTION_LEAD_MS, 2 s): at ~20–50 ms
 * a post, 50 at a time is 20 rounds, about half a second. 50 is the SDK's default socket pool, so
 * more would only queue inside the client. One function with a bounded pool rather than a queue
 * of push batches over several functions: a batch handed to a queue waits for delivery and,
 * at a match's burst, for cold starts (seconds), which would cost more than the posts themselves.
 */
export const PUSH_CONCURRENCY = 50;

/** Posts one payload to each connection, at most PUSH_CONCURRENCY at a time; returns how many were delivered. */
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
          countMetric(METRIC.pushesGone);
          await deleteConnection(connectionId).catch((cleanup: unknown) => log.warn('push: removing a gone connection failed', { connectionId, error: String(cleanup) }));
        } else {
          log.warn('push: PostToConnection failed', { connectionId, error: String(error) });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, connectionIds.length) }, worker));
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

/**
 * The topic's listeners whose accounts may still hear it. Access can end without any action
 * (a trial or premium running out), so it is checked again here, once per account, and a
 * refused listener's subscription is dropped.
 */
async function allowedListeners(topic: Topic): Promise<string[]> {
  const listeners = await listenersOfTopic(topic);
  const allowed = await allowedAmong(topic, [...new Set(listeners.map((l) => l.userId))]);
  const refused = listeners.filter((l) => !allowed.has(l.userId));
  await Promise.all(refused.map((l) => deleteSubscription(l.connectionId, topic)));
  return listeners.filter((l) => allowed.has(l.userId)).map((l) => l.connectionId);
}

/** To every connection subscribed to the topic whose account may still hear it; `sent` counts the deliveries. */
export async function pushToTopic(topic: Topic, message: Omit<ServerMessage, 'topic'>): Promise<{ sent: number }> {
  if (!managementClient()) return { sent: 0 };
  try {
    return { sent: await postToAll(await allowedListeners(topic), JSON.stringify({ ...message, topic })) };
  } catch (error) {
    log.warn('push: to topic failed', { topic, type: message.type, error: String(error) });
    return { sent: 0 };
  }
}

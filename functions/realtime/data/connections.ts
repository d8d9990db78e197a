import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Topic } from '#shared/realtime/messages.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';
import { queryPages } from '../../data/paging.ts';
import { deleteItems } from '../../data/batch-write.ts';

/**
 * WebSocket connections and their topic subscriptions. A connection's items
 * share one partition (`CONN#<id>`), so `$disconnect` and a 410 remove them with one query;
 * gsi1 finds a user's connections and a topic's listeners. Everything expires with API
 * Gateway's connection lifetime (2 h), so an item left by a lost `$disconnect` goes too.
 */
export const CONNECTION_LIFETIME_MS = 2 * 60 * 60 * 1000;

export interface Connection {
  connectionId: string;
  userId: string;
}

export async function putConnection(connectionId: string, userId: string, now: Date): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: {
        ...keys.connection(connectionId),
        ...keys.connectionOfUser(userId, connectionId),
        type: 'connection',
        connection_id: connectionId,
        user_id: userId,
        connected_at: now.toISOString(),
        ttl: ttlSeconds(now.getTime() + CONNECTION_LIFETIME_MS),
      },
    }),
  );
}

/** The connection's owner, or undefined when the connection is not (or no longer) known. */
export async function getConnection(connectionId: string): Promise<Connection | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.connection(connectionId), ConsistentRead: true }));
  if (!Item || typeof Item.user_id !== 'string') return undefined;
  if (typeof Item.ttl === 'number' && Item.ttl * 1000 < Date.now()) return undefined;
  return { connectionId, userId: Item.user_id };
}

/** Subscribes the connection to a topic, for as long as the connection may live. */
export async function putSubscription(connection: Connection, topic: Topic, now: Date): Promise<void> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.connection(connection.connectionId), ProjectionExpression: '#ttl', ExpressionAttributeNames: { '#ttl': 'ttl' } }));
  const ttl = typeof Item?.ttl === 'number' ? Item.ttl : ttlSeconds(now.getTime() + CONNECTION_LIFETIME_MS);
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: {
        ...keys.subscription(connection.connectionId, topic),
        ...keys.subscriptionOfTopic(topic, connection.connectionId),
        type: 'subscription',
        connection_id: connection.connectionId,
        user_id: connection.userId,
        topic,
        ttl,
      },
    }),
  );
}

export async function deleteSubscription(connectionId: string, topic: Topic): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: env().TABLE_NAME, Key: keys.subscription(connectionId, topic) }));
}

/**
 * Counts one frame of the connection in the window `window` (a number the caller derives from
 * the clock) and returns how many it has sent in that window so far. The counter lives in the
 * connection's partition, so `$disconnect` removes it with the rest; it expires a minute after.
 */
export async function countFrame(connectionId: string, window: number, expiresAt: number): Promise<number> {
  const { Attributes } = await documentClient().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key: keys.connectionFrames(connectionId, window),
      UpdateExpression: 'ADD frames :one SET #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': ttlSeconds(expiresAt) },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.frames ?? 1);
}

/** Removes the connection and every subscription of it (`$disconnect`, or a 410 on send). */
export async function deleteConnection(connectionId: string): Promise<void> {
  for await (const page of queryPages({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.connection(connectionId).pk }, ProjectionExpression: 'pk, sk' })) {
    await deleteItems((page.Items ?? []).map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
  }
}

/** A listener: a connection and the account it belongs to (stored on every item). */
export interface Listener {
  connectionId: string;
  userId: string;
}

async function queryIndex(gsi1pk: string): Promise<Listener[]> {
  const found: Listener[] = [];
  const nowSeconds = Math.floor(Date.now() / 1000);
  for await (const page of queryPages({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi1pk },
    ProjectionExpression: 'connection_id, user_id, #ttl',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
  })) {
    for (const item of page.Items ?? []) {
      // TTL deletion lags; an expired item is a connection API Gateway has already closed.
      if (typeof item.ttl === 'number' && item.ttl < nowSeconds) continue;
      if (typeof item.connection_id === 'string' && typeof item.user_id === 'string') found.push({ connectionId: item.connection_id, userId: item.user_id });
    }
  }
  return found;
}

/** The user's open connections. */
export async function connectionsOfUser(userId: string): Promise<string[]> {
  return (await queryIndex(keys.connectionOfUser(userId, '').gsi1pk)).map((l) => l.connectionId);
}

/** The connections subscribed to a topic. */
export async function connectionsOfTopic(topic: Topic): Promise<string[]> {
  return (await listenersOfTopic(topic)).map((l) => l.connectionId);
}

/** The connections subscribed to a topic, with whose they are (push re-checks each account's access). */
export function listenersOfTopic(topic: Topic): Promise<Listener[]> {
  return queryIndex(keys.subscriptionOfTopic(topic, '').gsi1pk);
}

/**
 * Removes every subscription of the account to the topic, on all its connections: called
 * where access ends by an action (leaving a group), so delivery stops at once. Returns how many.
 */
export async function deleteSubscriptionsOf(userId: string, topic: Topic): Promise<number> {
  const mine = (await listenersOfTopic(topic)).filter((l) => l.userId === userId);
  await Promise.all(mine.map((l) => deleteSubscription(l.connectionId, topic)));
  return mine.length;
}

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FriendRequestStatus } from '#shared/social/friends.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import * as keys from '../../data/table-keys.ts';
import { queryPrefix } from '../../data/user-rows.ts';
import { queryAll } from '../../data/paging.ts';
import { batchGetItems } from '../../data/batch-get.ts';
import { transactWrite } from '../../data/transact.ts';

/**
 * Friend requests and friendships (docs/social.md). A request is two items written
 * together: the receiver's copy (FREQ#IN#<sender>, which only the receiver can address)
 * and the sender's (FREQ#OUT#<receiver>, only the sender's). A friendship is an item in
 * each partition. Every change of more than one item is one transaction, conditional on
 * the state it changes, so concurrent clicks cannot leave the two sides apart.
 */
export interface FriendRequest {
  senderId: string;
  receiverId: string;
  senderEmail: string;
  receiverEmail: string;
  message: string;
  status: FriendRequestStatus;
  createdAt: string;
  respondedAt?: string;
}

export interface Friendship {
  friendId: string;
  friendEmail: string;
  acceptedAt: string;
}

const table = () => env().TABLE_NAME;

function toRequest(item: Record<string, unknown>): FriendRequest {
  return {
    senderId: String(item.sender_id),
    receiverId: String(item.receiver_id),
    senderEmail: String(item.sender_email),
    receiverEmail: String(item.receiver_email),
    message: String(item.message ?? ''),
    status: item.status as FriendRequestStatus,
    createdAt: String(item.created_at),
    respondedAt: item.responded_at ? String(item.responded_at) : undefined,
  };
}

/** The request between two people in one direction, as the sender's copy has it. */
export async function requestBetween(senderId: string, receiverId: string): Promise<FriendRequest | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: table(), Key: keys.friendRequest(senderId, 'OUT', receiverId), ConsistentRead: true }),
  );
  return Item ? toRequest(Item) : undefined;
}

export async function areFriends(userId: string, otherId: string): Promise<boolean> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.friend(userId, otherId), ConsistentRead: true }));
  return Item !== undefined;
}

/**
 * Writes a pending request (both copies). Refused (false) when, meanwhile, a request in
 * that direction became something other than cancelled, or the two became friends.
 */
export async function putPendingRequest(request: Omit<FriendRequest, 'status' | 'respondedAt'>): Promise<boolean> {
  const item = {
    type: 'friend-request',
    sender_id: request.senderId,
    receiver_id: request.receiverId,
    sender_email: request.senderEmail,
    receiver_email: request.receiverEmail,
    message: request.message,
    status: 'pending',
    created_at: request.createdAt,
  };
  // A pending request stands and a declined one blocks a resend (docs/social.md); a cancelled
  // one, or one accepted by someone since removed as a friend, may be sent again.
  const resendable = {
    ConditionExpression: 'attribute_not_exists(pk) OR (#status <> :pending AND #status <> :declined)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pending': 'pending', ':declined': 'declined' },
  };
  return transactWrite([
    { Put: { TableName: table(), Item: { ...keys.friendRequest(request.senderId, 'OUT', request.receiverId), ...item }, ...resendable } },
    { Put: { TableName: table(), Item: { ...keys.friendRequest(request.receiverId, 'IN', request.senderId), ...item }, ...resendable } },
    { ConditionCheck: { TableName: table(), Key: keys.friend(request.senderId, request.receiverId), ConditionExpression: 'attribute_not_exists(pk)' } },
  ], { falseOn: 'any' });
}

/** The status of both copies moves from pending to `status`; on acceptance the friendship is written both ways. */
export async function settleRequest(request: FriendRequest, status: Exclude<FriendRequestStatus, 'pending'>, at: string): Promise<boolean> {
  const update = (key: { pk: string; sk: string }) => ({
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: 'SET #status = :status, responded_at = :at',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':at': at, ':pending': 'pending' },
    },
  });
  const friendship = (userId: string, friendId: string, friendEmail: string) => ({
    Put: {
      TableName: table(),
      Item: { ...keys.friend(userId, friendId), type: 'friend', friend_id: friendId, friend_email: friendEmail, created_at: request.createdAt, accepted_at: at },
    },
  });
  return transactWrite([
    update(keys.friendRequest(request.senderId, 'OUT', request.receiverId)),
    update(keys.friendRequest(request.receiverId, 'IN', request.senderId)),
    ...(status === 'accepted'
      ? [friendship(request.senderId, request.receiverId, request.receiverEmail), friendship(request.receiverId, request.senderId, request.senderEmail)]
      : []),
  ], { falseOn: 'any' });
}

/** Removes the friendship in both directions at once; false when it did not exist. */
export async function deleteFriendship(userId: string, friendId: string): Promise<boolean> {
  return transactWrite([
    { Delete: { TableName: table(), Key: keys.friend(userId, friendId), ConditionExpression: 'attribute_exists(pk)' } },
    { Delete: { TableName: table(), Key: keys.friend(friendId, userId) } },
  ], { falseOn: 'any' });
}

/**
 * The account's friends as of now (a strongly consistent read): what a push checks just before it
 * goes, so a friendship ended a moment ago stops it (docs/social.md).
 */
export async function friendIdsNow(userId: string): Promise<Set<string>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :friend)',
    ExpressionAttributeValues: { ':pk': keys.profile(userId).pk, ':friend': 'FRIEND#' },
    ProjectionExpression: 'friend_id',
    ConsistentRead: true,
  });
  return new Set(items.map((item) => String(item.friend_id)));
}

export async function friendshipsOf(userId: string): Promise<Friendship[]> {
  const items = await queryPrefix(userId, 'FRIEND#');
  return items.map((item) => ({ friendId: String(item.friend_id), friendEmail: String(item.friend_email), acceptedAt: String(item.accepted_at) }));
}

/** Pending requests the user received (IN) or sent (OUT). */
export async function pendingRequests(userId: string, direction: 'IN' | 'OUT'): Promise<FriendRequest[]> {
  const items = await queryPrefix(userId, `FREQ#${direction}#`);
  return items.map(toRequest).filter((r) => r.status === 'pending');
}

/** The request the user received from `senderId`, read from the user's own partition. */
export async function receivedRequest(userId: string, senderId: string): Promise<FriendRequest | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: table(), Key: keys.friendRequest(userId, 'IN', senderId), ConsistentRead: true }),
  );
  return Item ? toRequest(Item) : undefined;
}

export interface FriendStanding {
  points: number;
  streak: number;
  /** The last day with a completed quiz (YYYY-MM-DD in the friend's zone), if any. */
  lastActiveDay?: string;
}

/** Points and streak of many users, two items each, in batches of 100 keys. */
export async function standingsOf(userIds: string[]): Promise<Map<string, FriendStanding>> {
  const result = new Map<string, FriendStanding>(userIds.map((id) => [id, { points: 0, streak: 0 }]));
  const wanted = userIds.flatMap((id) => [keys.stats(id), keys.streak(id)]);
  for (const item of await batchGetItems(wanted, { projection: 'pk, sk, points, #current, #day', names: { '#current': 'current', '#day': 'day' } })) {
    const standing = result.get(String(item.pk).slice('USER#'.length));
    if (!standing) continue;
    if (item.sk === 'STATS') standing.points = Number(item.points ?? 0);
    else {
      standing.streak = Number(item.current ?? 0);
      standing.lastActiveDay = item.day ? String(item.day) : undefined;
    }
  }
  return result;
}

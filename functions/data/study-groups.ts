import { randomBytes } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { GROUP_LIMITS, type GroupLevel, type GroupRole, type GroupSubject, type NewGroup, type ProgressRowTotals } from '#shared/groups/study-groups.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import * as keys from './table-keys.ts';
import { queryPrefix } from './user-rows.ts';

/**
 * Study groups, their members, chat messages and invitations (2-social §3, §4, §7).
 * A membership is two items written together (the group's MEMBER# and the user's GROUPOF#)
 * with the group's member_count, in one transaction conditional on the count being under
 * max_members: concurrent joins cannot overfill a group.
 */
export interface Group {
  id: string;
  name: string;
  description: string;
  subject: GroupSubject;
  level: GroupLevel;
  is_private: boolean;
  max_members: number;
  member_count: number;
  created_by: string;
  created_at: string;
}

export interface Member {
  user_id: string;
  email: string;
  role: GroupRole;
  joined_at: string;
}

export interface ChatMessage {
  id: string;
  group_id: string;
  user_id: string;
  email: string;
  message: string;
  created_at: string;
}

const table = () => env().TABLE_NAME;

function toGroup(item: Record<string, unknown>): Group {
  return {
    id: String(item.group_id),
    name: String(item.name),
    description: String(item.description ?? ''),
    subject: item.subject as GroupSubject,
    level: item.level as GroupLevel,
    is_private: Boolean(item.is_private),
    max_members: Number(item.max_members),
    member_count: Number(item.member_count ?? 0),
    created_by: String(item.created_by),
    created_at: String(item.created_at),
  };
}

const toMember = (item: Record<string, unknown>): Member => ({
  user_id: String(item.user_id),
  email: String(item.email),
  role: item.role === 'admin' ? 'admin' : 'member',
  joined_at: String(item.joined_at),
});

const toMessage = (item: Record<string, unknown>): ChatMessage => ({
  id: String(item.message_id),
  group_id: String(item.group_id),
  user_id: String(item.user_id),
  email: String(item.email),
  message: String(item.message),
  created_at: String(item.created_at),
});

export const newGroupId = (): string => randomBytes(16).toString('base64url');

function memberItems(groupId: string, groupName: string, who: { user_id: string; email: string }, role: GroupRole, at: string) {
  return [
    { ...keys.groupMember(groupId, who.user_id), type: 'group-member', group_id: groupId, user_id: who.user_id, email: who.email, role, joined_at: at },
    { ...keys.groupOfUser(who.user_id, groupId), type: 'group-of-user', group_id: groupId, group_name: groupName, user_id: who.user_id, role, joined_at: at },
  ];
}

/** The group and its creator as admin, one transaction. */
export async function createGroup(input: NewGroup, creator: { user_id: string; email: string }, at: string): Promise<Group> {
  const id = newGroupId();
  const item = {
    ...keys.group(id),
    ...(input.is_private ? {} : keys.publicGroup(at, id)),
    type: 'study-group',
    group_id: id,
    name: input.name,
    description: input.description,
    search_text: `${input.name}\n${input.description}`.toLowerCase(),
    subject: input.subject,
    level: input.level,
    is_private: input.is_private,
    max_members: input.max_members,
    member_count: 1,
    created_by: creator.user_id,
    created_at: at,
  };
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        ...memberItems(id, input.name, creator, 'admin', at).map((Item) => ({ Put: { TableName: table(), Item } })),
      ],
    }),
  );
  return toGroup(item);
}

export async function getGroup(groupId: string, consistent = false): Promise<Group | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.group(groupId), ConsistentRead: consistent }));
  return Item ? toGroup(Item) : undefined;
}

export async function getGroups(groupIds: readonly string[]): Promise<Group[]> {
  const groups: Group[] = [];
  for (let i = 0; i < groupIds.length; i += 100) {
    let request: Record<string, unknown>[] = groupIds.slice(i, i + 100).map((id) => keys.group(id));
    for (let attempt = 0; request.length > 0 && attempt < 8; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const { Responses, UnprocessedKeys } = await documentClient().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: request } } }));
      groups.push(...(Responses?.[table()] ?? []).map(toGroup));
      request = (UnprocessedKeys?.[table()]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return groups;
}

/** The caller's role in a group, or undefined when not a member (consistent: a join is seen at once). */
export async function membershipOf(groupId: string, userId: string): Promise<Member | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.groupMember(groupId, userId), ConsistentRead: true }));
  return Item ? toMember(Item) : undefined;
}

/** The user's memberships: group id and role (one query of their partition). */
export async function groupsOfUser(userId: string): Promise<{ groupId: string; role: GroupRole }[]> {
  return (await queryPrefix(userId, 'GROUPOF#')).map((item) => ({ groupId: String(item.group_id), role: item.role === 'admin' ? 'admin' : 'member' }));
}

export async function invitationsOf(userId: string): Promise<string[]> {
  return (await queryPrefix(userId, 'GROUPINVITE#')).map((item) => String(item.group_id));
}

export async function isInvited(userId: string, groupId: string): Promise<boolean> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.groupInvite(userId, groupId), ConsistentRead: true }));
  return Item !== undefined;
}

export async function putInvitation(groupId: string, invitee: string, invitedBy: string, at: string): Promise<void> {
  await documentClient().send(
    new PutCommand({ TableName: table(), Item: { ...keys.groupInvite(invitee, groupId), type: 'group-invite', group_id: groupId, invited_by: invitedBy, created_at: at } }),
  );
}

/** All members of a group (at most 100, one query). */
export async function membersOf(groupId: string): Promise<Member[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)',
      ExpressionAttributeValues: { ':pk': keys.group(groupId).pk, ':member': 'MEMBER#' },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map(toMember);
}

export type JoinOutcome = 'joined' | 'full' | 'already' | 'gone' | 'private';

/**
 * Adds a member: the member items and member_count + 1 in one transaction, conditional on
 * the count being below max_members (and, for a private group, on the invitation, which is
 * used up). Which condition failed is read from the cancellation reasons.
 */
export async function joinGroup(group: Group, who: { user_id: string; email: string }, at: string): Promise<JoinOutcome> {
  const [member, mirror] = memberItems(group.id, group.name, who, 'member', at);
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: keys.group(group.id),
              UpdateExpression: 'ADD member_count :one',
              ConditionExpression: 'attribute_exists(pk) AND member_count < max_members',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          { Put: { TableName: table(), Item: member, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: table(), Item: mirror } },
          ...(group.is_private ? [{ Delete: { TableName: table(), Key: keys.groupInvite(who.user_id, group.id), ConditionExpression: 'attribute_exists(pk)' } }] : []),
        ],
      }),
    );
    return 'joined';
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [count, memberReason, , invite] = (error.CancellationReasons ?? []).map((r) => r.Code);
    if (memberReason === 'ConditionalCheckFailed') return 'already';
    if (invite === 'ConditionalCheckFailed') return 'private';
    if (count === 'ConditionalCheckFailed') return (await getGroup(group.id, true)) ? 'full' : 'gone';
    throw error;
  }
}

/** Removes a member and counts them out, one transaction; false when they were not a member. */
export async function leaveGroup(groupId: string, userId: string): Promise<boolean> {
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table(), Key: keys.groupMember(groupId, userId), ConditionExpression: 'attribute_exists(pk)' } },
          { Delete: { TableName: table(), Key: keys.groupOfUser(userId, groupId) } },
          {
            Update: {
              TableName: table(),
              Key: keys.group(groupId),
              UpdateExpression: 'ADD member_count :minus',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':minus': -1 },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const [member, , group] = (error.CancellationReasons ?? []).map((r) => r.Code);
      // The group itself is gone: drop the member items without a count to keep.
      if (member !== 'ConditionalCheckFailed' && group === 'ConditionalCheckFailed') {
        await documentClient().send(
          new TransactWriteCommand({
            TransactItems: [
              { Delete: { TableName: table(), Key: keys.groupMember(groupId, userId) } },
              { Delete: { TableName: table(), Key: keys.groupOfUser(userId, groupId) } },
            ],
          }),
        );
        return true;
      }
      return false;
    }
    throw error;
  }
}

/** Leaves every group (Delete Account): each one a counted leave, so member counts stay right, and admin handed over. */
export async function leaveAllGroups(userId: string): Promise<number> {
  const groups = await groupsOfUser(userId);
  let left = 0;
  for (const { groupId, role } of groups) {
    if (!(await leaveGroup(groupId, userId))) continue;
    left++;
    if (role === 'admin') await handOverAdmin(groupId);
  }
  return left;
}

/**
 * Public groups whose name or description contains `query` (lower-cased), newest first,
 * skipping `exclude` (the caller's groups). Reads at most GROUP_LIMITS.searchScanMax
 * groups of the index, so a search costs a bounded number of reads however many exist.
 */
export async function searchPublicGroups(query: string, exclude: ReadonlySet<string>): Promise<Group[]> {
  const found: Group[] = [];
  let read = 0;
  let start: Record<string, unknown> | undefined;
  const q = query.trim().toLowerCase();
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :public',
        ...(q ? { FilterExpression: 'contains(search_text, :q)' } : {}),
        ExpressionAttributeValues: { ':public': 'GROUPS#PUBLIC', ...(q ? { ':q': q } : {}) },
        ScanIndexForward: false,
        Limit: Math.min(100, GROUP_LIMITS.searchScanMax - read),
        ExclusiveStartKey: start,
      }),
    );
    read += page.ScannedCount ?? 0;
    for (const item of page.Items ?? []) {
      const group = toGroup(item);
      if (!exclude.has(group.id) && found.length < GROUP_LIMITS.searchResults) found.push(group);
    }
    start = page.LastEvaluatedKey;
  } while (start && found.length < GROUP_LIMITS.searchResults && read < GROUP_LIMITS.searchScanMax);
  return found;
}

/** A chat message, stored under its group by time. */
export async function putMessage(message: Omit<ChatMessage, 'id'>): Promise<ChatMessage> {
  const id = randomBytes(8).toString('base64url');
  await documentClient().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.groupMessage(message.group_id, message.created_at, id),
        ...keys.groupMessageBy(message.user_id, message.created_at),
        type: 'group-message',
        message_id: id,
        ...message,
      },
    }),
  );
  return { id, ...message };
}

/** The last 50 messages, oldest first (one query, read newest first). */
export async function lastMessages(groupId: string, limit: number = GROUP_LIMITS.messagesShown): Promise<ChatMessage[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :msg)',
      ExpressionAttributeValues: { ':pk': keys.group(groupId).pk, ':msg': 'MSG#' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(toMessage).reverse();
}

/** Members' per-level progress rows (what the quiz engine's progress consumer stores), for group stats. */
export async function progressOfMembers(userIds: readonly string[]): Promise<ProgressRowTotals[][]> {
  return Promise.all(
    userIds.map(async (userId) =>
      (await queryPrefix(userId, 'PROGRESS#')).map((row) => ({
        quizzes: Number(row.quizzes ?? 0),
        correct_answers: Number(row.correct_answers ?? 0),
        total_questions: Number(row.total_questions ?? 0),
        score_sum: Number(row.score_sum ?? 0),
        points: Number(row.points ?? 0),
      })),
    ),
  );
}

/** Makes a member the group's admin (both member items); false when they are no longer a member. */
export async function promoteToAdmin(groupId: string, userId: string): Promise<boolean> {
  const update = (key: { pk: string; sk: string }) => ({
    Update: { TableName: table(), Key: key, UpdateExpression: 'SET #role = :admin', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeNames: { '#role': 'role' }, ExpressionAttributeValues: { ':admin': 'admin' } },
  });
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: [update(keys.groupMember(groupId, userId)), update(keys.groupOfUser(userId, groupId))] }));
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException) return false;
    throw error;
  }
}

/** After an admin left: the longest-standing member becomes admin, unless the group still has one. */
export async function handOverAdmin(groupId: string): Promise<void> {
  const members = await membersOf(groupId);
  if (members.some((m) => m.role === 'admin')) return;
  const next = [...members].sort((a, b) => a.joined_at.localeCompare(b.joined_at))[0];
  if (next) await promoteToAdmin(groupId, next.user_id);
}

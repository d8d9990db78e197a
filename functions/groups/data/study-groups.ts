import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { GROUP_SEARCH, indexWords, matchesWords, newestFirst, searchWord } from '#shared/groups/group-search.ts';
import { GROUP_LIMITS, type GroupLevel, type GroupRole, type GroupSubject, type NewGroup, type ProgressRowTotals } from '#shared/groups/study-groups.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { deleteItems, putItems } from '../../data/batch-write.ts';
import { countedWrite } from '../../data/counted-writes.ts';
import * as keys from '../../data/table-keys.ts';
import { queryPrefix } from '../../data/user-rows.ts';
import { queryPages, queryAll } from '../../data/paging.ts';
import { batchGetItems } from '../../data/batch-get.ts';
import { tryTransactWrite, transactWrite } from '../../data/transact.ts';

/**
 * Study groups, their members, chat messages and invitations (docs/social.md).
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

/** A public group's word-index entries (none for a private group). */
function wordEntries(group: { group_id: string; name: string; description: string; created_at: string; is_private: boolean }) {
  if (group.is_private) return [];
  const order = newestFirst(group.created_at);
  return indexWords(group).map((word) => ({
    ...keys.groupWord(word, order, group.group_id),
    type: 'group-word',
    group_id: group.group_id,
    created_at: group.created_at,
    name: group.name,
    description: group.description,
  }));
}

/** Groups the account created that still exist (counted once, when its count item is first made). */
async function countCreated(userId: string): Promise<number> {
  const mine = await getGroups((await groupsOfUser(userId)).map((m) => m.groupId));
  return mine.filter((g) => g.created_by === userId).length;
}

/**
 * The group, its creator as admin, its word-index entries and the creator's count of groups,
 * one transaction conditional on that count being under `maxOwned`: simultaneous creates
 * cannot pass it. 'limit' when it is reached, 'busy' when simultaneous writes kept colliding.
 */
export async function createGroup(input: NewGroup, creator: { user_id: string; email: string }, at: string, maxOwned: number = GROUP_LIMITS.groupsPerAccount): Promise<Group | 'limit' | 'busy'> {
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
  const outcome = await countedWrite({
    countKey: keys.groupCount(creator.user_id),
    change: 1,
    max: maxOwned,
    items: [
      { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...memberItems(id, input.name, creator, 'admin', at).map((Item) => ({ Put: { TableName: table(), Item } })),
      ...wordEntries(item).map((Item) => ({ Put: { TableName: table(), Item } })),
    ],
    countStored: () => countCreated(creator.user_id),
  });
  if (outcome === 'limit' || outcome === 'busy') return outcome;
  if (outcome === 'stale') throw new Error('A new group id was taken');
  return toGroup(item);
}

export async function getGroup(groupId: string, consistent = false): Promise<Group | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.group(groupId), ConsistentRead: consistent }));
  return Item ? toGroup(Item) : undefined;
}

export async function getGroups(groupIds: readonly string[]): Promise<Group[]> {
  return (await batchGetItems(groupIds.map((id) => keys.group(id)))).map(toGroup);
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
  const cancelled = await tryTransactWrite([
    {
      Update: {
        TableName: table(),
        Key: keys.group(group.id),
        UpdateExpression: 'ADD member_count :one',
        // An empty group is being deleted (its last member left): nobody joins it.
        ConditionExpression: 'attribute_exists(pk) AND member_count > :zero AND member_count < max_members',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      },
    },
    { Put: { TableName: table(), Item: member, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table(), Item: mirror } },
    ...(group.is_private ? [{ Delete: { TableName: table(), Key: keys.groupInvite(who.user_id, group.id), ConditionExpression: 'attribute_exists(pk)' } }] : []),
  ]);
  if (!cancelled) return 'joined';
  const [count, memberReason, , invite] = cancelled.codes;
  if (memberReason === 'ConditionalCheckFailed') return 'already';
  if (invite === 'ConditionalCheckFailed') return 'private';
  if (count === 'ConditionalCheckFailed') return ((await getGroup(group.id, true))?.member_count ?? 0) > 0 ? 'full' : 'gone';
  throw cancelled.error;
}

/**
 * The last member leaving deletes the group (a group with nobody left had no admin
 * and the next joiner could not invite): the member items and the group item in one
 * transaction, conditional on the count being 1, so a simultaneous join either came first (the
 * leave is then an ordinary one) or finds the group gone. Its chat, word-index entries and the
 * creator's count follow. 'joined' when someone joined meanwhile, 'not-member' when the leaver was not one.
 */
async function leaveLast(group: Group, userId: string): Promise<'deleted' | 'joined' | 'not-member'> {
  const cancelled = await tryTransactWrite([
    { Delete: { TableName: table(), Key: keys.groupMember(group.id, userId), ConditionExpression: 'attribute_exists(pk)' } },
    { Delete: { TableName: table(), Key: keys.groupOfUser(userId, group.id) } },
    {
      Delete: {
        TableName: table(),
        Key: keys.group(group.id),
        ConditionExpression: 'attribute_exists(pk) AND member_count <= :one',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  ]);
  if (cancelled) return cancelled.codes[0] === 'ConditionalCheckFailed' ? 'not-member' : 'joined';
  await deleteGroupRest(group);
  return 'deleted';
}

/** What a deleted group leaves: its messages (its partition), its word entries, one place in its creator's count. */
async function deleteGroupRest(group: Group): Promise<void> {
  const rest = (await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.group(group.id).pk }, ProjectionExpression: 'pk, sk' })) as { pk: string; sk: string }[];
  const words = wordEntries({ ...group, group_id: group.id }).map(({ pk, sk }) => ({ pk, sk }));
  await deleteItems([...rest, ...words]);
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.groupCount(group.created_by),
        UpdateExpression: 'ADD kept :minus',
        ConditionExpression: 'attribute_exists(kept) AND kept > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    // The creator's account is gone, or its count was never made: nothing to give back.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** Removes a member and counts them out, one transaction; the last one deletes the group. False when they were not a member. */
export async function leaveGroup(groupId: string, userId: string): Promise<boolean> {
  const group = await getGroup(groupId, true);
  if (group && group.member_count <= 1) {
    const last = await leaveLast(group, userId);
    if (last !== 'joined') return last === 'deleted';
  }
  const cancelled = await tryTransactWrite([
    { Delete: { TableName: table(), Key: keys.groupMember(groupId, userId), ConditionExpression: 'attribute_exists(pk)' } },
    { Delete: { TableName: table(), Key: keys.groupOfUser(userId, groupId) } },
    {
      Update: {
        TableName: table(),
        Key: keys.group(groupId),
        UpdateExpression: 'ADD member_count :minus',
        // Never the last one here: that leave deletes the group (above).
        ConditionExpression: 'attribute_exists(pk) AND member_count > :one',
        ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
      },
    },
  ]);
  if (!cancelled) return true;
  const [member, , count] = cancelled.codes;
  if (member === 'ConditionalCheckFailed') return false;
  const now = await getGroup(groupId, true);
  // The group itself is gone: drop the member items without a count to keep.
  if (!now) {
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
  // The others left meanwhile: this is the last leave after all.
  if (count === 'ConditionalCheckFailed') return leaveGroup(groupId, userId);
  return false;
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
 * Public groups whose name or description has words beginning with every word of `query` (any
 * case), newest first, skipping `exclude` (the caller's groups). The index of the query's
 * longest word is read (at most GROUP_SEARCH.indexReadMax entries, newest first within a word),
 * so groups with other words, however many, cannot crowd a group out. A query without a word of
 * two letters browses the newest public groups (at most GROUP_LIMITS.searchScanMax read).
 */
export async function searchPublicGroups(query: string, exclude: ReadonlySet<string>): Promise<Group[]> {
  const word = searchWord(query);
  if (!word) return browsePublicGroups(query, exclude);
  const candidates: { id: string; created_at: string }[] = [];
  const seen = new Set<string>();
  let read = 0;
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :word)',
    ExpressionAttributeValues: { ':pk': keys.groupWord(word, '', '').pk, ':word': word },
  }, { nextLimit: () => Math.min(200, GROUP_SEARCH.indexReadMax - read) })) {
    read += page.Count ?? 0;
    for (const entry of page.Items ?? []) {
      const id = String(entry.group_id);
      if (seen.has(id) || exclude.has(id) || !matchesWords({ name: String(entry.name), description: String(entry.description ?? '') }, query)) continue;
      seen.add(id);
      candidates.push({ id, created_at: String(entry.created_at) });
    }
    if (read >= GROUP_SEARCH.indexReadMax) break;
  }
  // Newest first; a few more than shown are read whole, as some may have been deleted meanwhile.
  const newest = candidates.sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, GROUP_LIMITS.searchResults * 2);
  const groups = await getGroups(newest.map((c) => c.id));
  return groups
    .filter((g) => !g.is_private && g.member_count > 0)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, GROUP_LIMITS.searchResults);
}

/** The newest public groups (an empty query, or one without a word to look up), read at most GROUP_LIMITS.searchScanMax. */
async function browsePublicGroups(query: string, exclude: ReadonlySet<string>): Promise<Group[]> {
  const found: Group[] = [];
  let read = 0;
  const q = query.trim().toLowerCase();
  for await (const page of queryPages({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :public',
    ...(q ? { FilterExpression: 'contains(search_text, :q)' } : {}),
    ExpressionAttributeValues: { ':public': 'GROUPS#PUBLIC', ...(q ? { ':q': q } : {}) },
    ScanIndexForward: false,
  }, { nextLimit: () => Math.min(100, GROUP_LIMITS.searchScanMax - read) })) {
    read += page.ScannedCount ?? 0;
    for (const item of page.Items ?? []) {
      const group = toGroup(item);
      if (!exclude.has(group.id) && group.member_count > 0 && found.length < GROUP_LIMITS.searchResults) found.push(group);
    }
    if (found.length >= GROUP_LIMITS.searchResults || read >= GROUP_LIMITS.searchScanMax) break;
  }
  return found;
}

/**
 * Writes the word-index entries of every public group (groups made before the index existed are
 * otherwise found only by browsing). Idempotent: an entry is put whole again. Returns the groups indexed.
 */
export async function indexPublicGroups(): Promise<number> {
  let indexed = 0;
  for await (const page of queryPages({ IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :public', ExpressionAttributeValues: { ':public': 'GROUPS#PUBLIC' } })) {
    const groups = (page.Items ?? []).map(toGroup).filter((g) => !g.is_private && g.member_count > 0);
    await putItems(groups.flatMap((g) => wordEntries({ ...g, group_id: g.id })));
    indexed += groups.length;
  }
  return indexed;
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
  return transactWrite([update(keys.groupMember(groupId, userId)), update(keys.groupOfUser(userId, groupId))], { falseOn: 'any' });
}

/** After an admin left: the longest-standing member becomes admin, unless the group still has one. */
export async function handOverAdmin(groupId: string): Promise<void> {
  const members = await membersOf(groupId);
  if (members.some((m) => m.role === 'admin')) return;
  const next = [...members].sort((a, b) => a.joined_at.localeCompare(b.joined_at))[0];
  if (next) await promoteToAdmin(groupId, next.user_id);
}

import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LinkStatus } from '#shared/parents/parents.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import * as keys from '../../data/table-keys.ts';
import { queryPrefix } from '../../data/user-rows.ts';
import { transactWrite } from '../../data/transact.ts';

/**
 * Parent–student links (docs/admin.md). A link is two items
 * written together: the parent's copy (PLINK#CHILD#<student>) and the student's
 * (PLINK#PARENT#<parent>); each side reads only its own partition, so nobody can address a
 * link they are not part of. Every change is one transaction conditional on the state it
 * changes, so a double click or both sides acting at once cannot leave the copies apart.
 */
export interface ParentLink {
  parentId: string;
  studentId: string;
  parentEmail: string;
  studentEmail: string;
  status: LinkStatus;
  createdAt: string;
  respondedAt?: string;
  weeklyEmail: boolean;
}

const table = () => env().TABLE_NAME;

function toLink(item: Record<string, unknown>): ParentLink {
  return {
    parentId: String(item.parent_id),
    studentId: String(item.student_id),
    parentEmail: String(item.parent_email),
    studentEmail: String(item.student_email),
    status: item.status as LinkStatus,
    createdAt: String(item.created_at),
    respondedAt: item.responded_at ? String(item.responded_at) : undefined,
    weeklyEmail: item.weekly_email === true,
  };
}

/** The parent's copy of a link to a student, if any. */
export async function linkOfParent(parentId: string, studentId: string): Promise<ParentLink | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.parentLink(parentId, studentId), ConsistentRead: true }));
  return Item ? toLink(Item) : undefined;
}

/** The student's copy of a link from a parent, if any. */
export async function linkOfStudent(studentId: string, parentId: string): Promise<ParentLink | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.childLink(studentId, parentId), ConsistentRead: true }));
  return Item ? toLink(Item) : undefined;
}

export const linksOfParent = async (parentId: string): Promise<ParentLink[]> => (await queryPrefix(parentId, 'PLINK#CHILD#')).map(toLink);
export const linksOfStudent = async (studentId: string): Promise<ParentLink[]> => (await queryPrefix(studentId, 'PLINK#PARENT#')).map(toLink);

/** Writes a pending link (both copies); false when one exists already (a concurrent request won). */
export async function putPendingLink(link: Omit<ParentLink, 'status' | 'respondedAt' | 'weeklyEmail'>): Promise<boolean> {
  const item = {
    type: 'parent-link',
    parent_id: link.parentId,
    student_id: link.studentId,
    parent_email: link.parentEmail,
    student_email: link.studentEmail,
    status: 'pending',
    created_at: link.createdAt,
    weekly_email: false,
  };
  return transactWrite([
    { Put: { TableName: table(), Item: { ...keys.parentLink(link.parentId, link.studentId), ...item }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table(), Item: { ...keys.childLink(link.studentId, link.parentId), ...item }, ConditionExpression: 'attribute_not_exists(pk)' } },
    // Both accounts must still exist (either may be deleting itself at this moment).
    { ConditionCheck: { TableName: table(), Key: keys.profile(link.studentId), ConditionExpression: 'attribute_exists(pk)' } },
  ], { falseOn: 'any' });
}

/** Moves both copies from pending to the student's answer; false when it was no longer pending. */
export async function answerLink(studentId: string, parentId: string, status: 'accepted' | 'declined', at: string): Promise<boolean> {
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
  return transactWrite([update(keys.parentLink(parentId, studentId)), update(keys.childLink(studentId, parentId))], { falseOn: 'any' });
}

/** Removes both copies (either side may); false when there was no link. */
export async function deleteLink(parentId: string, studentId: string): Promise<boolean> {
  return transactWrite([
    { Delete: { TableName: table(), Key: keys.parentLink(parentId, studentId), ConditionExpression: 'attribute_exists(pk)' } },
    { Delete: { TableName: table(), Key: keys.childLink(studentId, parentId) } },
  ], { falseOn: 'any' });
}

/**
 * The weekly e-mail opt-in, on the parent's copy. Switching it on indexes the copy for the
 * weekly job; only an approved link can be switched on (false otherwise).
 */
export async function setWeeklyEmail(parentId: string, studentId: string, enabled: boolean): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.parentLink(parentId, studentId),
        ...(enabled
          ? {
              UpdateExpression: 'SET weekly_email = :true, gsi1pk = :gpk, gsi1sk = :gsk',
              ConditionExpression: '#status = :accepted',
              ExpressionAttributeValues: { ':true': true, ':accepted': 'accepted', ':gpk': keys.weeklySummary(parentId, studentId).gsi1pk, ':gsk': keys.weeklySummary(parentId, studentId).gsi1sk },
            }
          : {
              UpdateExpression: 'SET weekly_email = :false REMOVE gsi1pk, gsi1sk',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':false': false },
            }),
        ExpressionAttributeNames: enabled ? { '#status': 'status' } : undefined,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** A page of opted-in links for the weekly job (parent and student ids), in key order after `after`. */
export async function weeklySummaryLinks(limit: number, after?: Record<string, unknown>): Promise<{ links: { parentId: string; studentId: string }[]; next?: Record<string, unknown> }> {
  const { Items, LastEvaluatedKey } = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': 'WEEKLYSUMMARY' },
      ProjectionExpression: 'parent_id, student_id',
      Limit: limit,
      ExclusiveStartKey: after,
    }),
  );
  return { links: (Items ?? []).map((i) => ({ parentId: String(i.parent_id), studentId: String(i.student_id) })), next: LastEvaluatedKey };
}

import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { CLASS_LIMITS, type Assignment, type ClassInfo } from '#shared/classes/classes.ts';
import type { Level, Subject } from '#shared/constants.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { deleteItems } from '../../data/batch-write.ts';
import * as keys from '../../data/table-keys.ts';
import { queryPrefix } from '../../data/user-rows.ts';
import { queryAll, queryFirstPage, type QueryInput } from '../../data/paging.ts';
import { tryTransactWrite, transactWrite } from '../../data/transact.ts';

/**
 * Teachers' classes. A class is one item with its member count (kept by
 * conditional writes, so a full class stays full under concurrent joins) and a code item
 * (a join looks the code up by key). Members and invitations are mirrored in the student's
 * partition, so a student lists their classes with one query and only a class's teacher
 * reaches its member list (every teacher call reads the class item and checks its owner).
 */
const table = () => env().TABLE_NAME;

export interface ClassRecord extends ClassInfo {
  teacher_id: string;
  teacher_email: string;
}

const toClass = (item: Record<string, unknown>): ClassRecord => ({
  id: String(item.class_id),
  name: String(item.name),
  code: String(item.code),
  member_count: Number(item.member_count ?? 0),
  created_at: String(item.created_at),
  teacher_id: String(item.teacher_id),
  teacher_email: String(item.teacher_email),
});

export async function getClass(classId: string): Promise<ClassRecord | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.classItem(classId), ConsistentRead: true }));
  return Item ? toClass(Item) : undefined;
}

/** The classes a teacher made, oldest first (the listing items carry the name and code). */
export async function classesOfTeacher(teacherId: string): Promise<ClassRecord[]> {
  const listed = await queryPrefix(teacherId, 'TCLASS#');
  const found = await Promise.all(listed.map((item) => getClass(String(item.class_id))));
  return found.filter((c): c is ClassRecord => c !== undefined).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function countClassesOfTeacher(teacherId: string): Promise<number> {
  return (await queryPrefix(teacherId, 'TCLASS#')).length;
}

/** Creates the class, its listing and its code; false when the code is taken (the caller draws another). */
export async function putClass(c: ClassRecord): Promise<boolean> {
  const item = { type: 'class', class_id: c.id, name: c.name, code: c.code, member_count: 0, max_members: CLASS_LIMITS.maxStudentsPerClass, created_at: c.created_at, teacher_id: c.teacher_id, teacher_email: c.teacher_email };
  return transactWrite([
    { Put: { TableName: table(), Item: { ...keys.classCode(c.code), type: 'class-code', class_id: c.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table(), Item: { ...keys.classItem(c.id), ...item }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table(), Item: { ...keys.classOfTeacher(c.teacher_id, c.id), type: 'teacher-class', class_id: c.id, name: c.name } } },
  ], { falseOn: 'any' });
}

export async function classIdOfCode(code: string): Promise<string | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.classCode(code) }));
  return Item ? String(Item.class_id) : undefined;
}

export interface Member {
  user_id: string;
  email: string;
  joined_at: string;
}

async function queryClass(classId: string, prefix: string, options: { newestFirst?: boolean; limit?: number } = {}): Promise<Record<string, unknown>[]> {
  const input: QueryInput = {
    // An empty prefix reads the whole partition (DynamoDB takes no empty key value).
    KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.classItem(classId).pk, ...(prefix ? { ':prefix': prefix } : {}) },
    ScanIndexForward: !options.newestFirst,
    Limit: options.limit,
  };
  return options.limit ? queryFirstPage(input) : queryAll(input);
}

export const membersOf = async (classId: string): Promise<Member[]> =>
  (await queryClass(classId, 'MEMBER#')).map((i) => ({ user_id: String(i.user_id), email: String(i.email), joined_at: String(i.joined_at) }));

export const invitedTo = async (classId: string): Promise<{ user_id: string; email: string; invited_at: string }[]> =>
  (await queryClass(classId, 'INVITED#')).map((i) => ({ user_id: String(i.user_id), email: String(i.email), invited_at: String(i.invited_at) }));

export type JoinOutcome = 'joined' | 'full' | 'already' | 'gone' | 'no-invitation';

/**
 * Adds a student: the member item, its mirror and member_count + 1 in one transaction,
 * conditional on room in the class. Joining by invitation also uses the invitation up.
 */
export async function joinClass(c: ClassRecord, student: { user_id: string; email: string }, at: string, viaInvitation: boolean): Promise<JoinOutcome> {
  const cancelled = await tryTransactWrite([
    {
      Update: {
        TableName: table(),
        Key: keys.classItem(c.id),
        UpdateExpression: 'ADD member_count :one',
        ConditionExpression: 'attribute_exists(pk) AND member_count < max_members',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    { Put: { TableName: table(), Item: { ...keys.classMember(c.id, student.user_id), type: 'class-member', user_id: student.user_id, email: student.email, joined_at: at }, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        TableName: table(),
        Item: { ...keys.memberOf(student.user_id, c.id), type: 'class-membership', class_id: c.id, class_name: c.name, teacher_email: c.teacher_email, joined_at: at },
      },
    },
    viaInvitation
      ? { Delete: { TableName: table(), Key: keys.classInvite(student.user_id, c.id), ConditionExpression: 'attribute_exists(pk)' } }
      : { Delete: { TableName: table(), Key: keys.classInvite(student.user_id, c.id) } },
    { Delete: { TableName: table(), Key: keys.classInvited(c.id, student.user_id) } },
  ]);
  if (!cancelled) return 'joined';
  const [count, member, , invite] = cancelled.codes;
  if (member === 'ConditionalCheckFailed') return 'already';
  if (invite === 'ConditionalCheckFailed') return 'no-invitation';
  if (count === 'ConditionalCheckFailed') return (await getClass(c.id)) ? 'full' : 'gone';
  throw cancelled.error;
}

/** Removes a student from a class (teacher or the student leaving); false when they were not a member. */
export async function removeMember(classId: string, studentId: string): Promise<boolean> {
  return transactWrite([
    { Delete: { TableName: table(), Key: keys.classMember(classId, studentId), ConditionExpression: 'attribute_exists(pk)' } },
    { Delete: { TableName: table(), Key: keys.memberOf(studentId, classId) } },
    { Update: { TableName: table(), Key: keys.classItem(classId), UpdateExpression: 'ADD member_count :minus', ExpressionAttributeValues: { ':minus': -1 } } },
  ], { falseOn: 'any' });
}

/** An invitation, in both partitions; false when one is already open. */
export async function putInvitation(c: ClassRecord, student: { user_id: string; email: string }, at: string): Promise<boolean> {
  return transactWrite([
    {
      Put: {
        TableName: table(),
        Item: { ...keys.classInvite(student.user_id, c.id), type: 'class-invite', class_id: c.id, class_name: c.name, teacher_email: c.teacher_email, invited_at: at },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Put: { TableName: table(), Item: { ...keys.classInvited(c.id, student.user_id), type: 'class-invited', user_id: student.user_id, email: student.email, invited_at: at } } },
    { ConditionCheck: { TableName: table(), Key: keys.profile(student.user_id), ConditionExpression: 'attribute_exists(pk)' } },
  ], { falseOn: 'any' });
}

/** Withdraws (teacher) or declines (student) an invitation; false when there was none. */
export async function deleteInvitation(classId: string, studentId: string): Promise<boolean> {
  return transactWrite([
    { Delete: { TableName: table(), Key: keys.classInvite(studentId, classId), ConditionExpression: 'attribute_exists(pk)' } },
    { Delete: { TableName: table(), Key: keys.classInvited(classId, studentId) } },
  ], { falseOn: 'any' });
}

export async function isMember(classId: string, studentId: string): Promise<boolean> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.classMember(classId, studentId), ConsistentRead: true }));
  return Item !== undefined;
}

export async function invitationOf(studentId: string, classId: string): Promise<boolean> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.classInvite(studentId, classId), ConsistentRead: true }));
  return Item !== undefined;
}

export const membershipsOf = async (studentId: string) =>
  (await queryPrefix(studentId, 'CLASSOF#')).map((i) => ({ class_id: String(i.class_id), class_name: String(i.class_name), teacher_email: String(i.teacher_email), joined_at: String(i.joined_at) }));

/**
 * Deletes a class and everything of it: the class item first (joins, invitations and new
 * assignments check it exists, so nothing is added meanwhile), then its code, the teacher's
 * listing, its members, invitations and assignments, and their copies in the students'
 * partitions.
 */
export async function deleteClass(c: ClassRecord): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: table(), Key: keys.classItem(c.id) }));
  const under = await queryClass(c.id, '');
  const studentCopies = under.flatMap((item) => {
    const sk = String(item.sk);
    if (sk.startsWith('MEMBER#')) return [keys.memberOf(String(item.user_id), c.id)];
    if (sk.startsWith('INVITED#')) return [keys.classInvite(String(item.user_id), c.id)];
    return [];
  });
  const own = under.map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
  await deleteItems([keys.classCode(c.code), keys.classOfTeacher(c.teacher_id, c.id), ...studentCopies, ...own]);
}

/** Leaves every class the student is in, each a counted removal, so member counts stay right (Delete Account). */
export async function leaveAllClasses(studentId: string): Promise<number> {
  let left = 0;
  for (const { class_id } of await membershipsOf(studentId)) if (await removeMember(class_id, studentId)) left++;
  return left;
}

export const invitationsOf = async (studentId: string) =>
  (await queryPrefix(studentId, 'CLASSINVITE#')).map((i) => ({ class_id: String(i.class_id), class_name: String(i.class_name), teacher_email: String(i.teacher_email), invited_at: String(i.invited_at) }));

export async function putAssignment(classId: string, a: Assignment): Promise<void> {
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table(), Item: { ...keys.assignment(classId, a.created_at, a.id), type: 'class-assignment', class_id: classId, ...a } } },
        { ConditionCheck: { TableName: table(), Key: keys.classItem(classId), ConditionExpression: 'attribute_exists(pk)' } },
      ],
    }),
  );
}

/** The newest assignments of a class (at most CLASS_LIMITS.assignmentsShown), newest first. */
export async function assignmentsOf(classId: string): Promise<Assignment[]> {
  const items = await queryClass(classId, 'ASSIGN#', { newestFirst: true, limit: CLASS_LIMITS.assignmentsShown });
  return items.map((i) => ({
    id: String(i.id),
    subject: i.subject as Subject,
    level: i.level as Level,
    due_date: String(i.due_date),
    due_at: String(i.due_at),
    created_at: String(i.created_at),
  }));
}

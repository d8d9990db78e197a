import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

/**
 * The bell kept counting a request after it was answered on its own page. A parent's
 * link request and a class invitation, answered either way where they are listed, leave their
 * notification read. (Friend requests and challenges: friends.test.ts, friend-challenges.test.ts.)
 */
useLocalStack();
const { handler: addStudent } = await import('../../functions/parents/add-student.ts');
const { handler: respondLink } = await import('../../functions/parents/respond-link.ts');
const { handler: createClass } = await import('../../functions/classes/create-class.ts');
const { handler: invite } = await import('../../functions/classes/invite-student.ts');
const { handler: respondInvitation } = await import('../../functions/classes/respond-invitation.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');

type Person = Awaited<ReturnType<typeof player>>;
type Handler = (e: ReturnType<typeof httpEvent>) => Promise<{ statusCode?: number; body?: string }>;
const call = async (h: Handler, who: Person, input: Parameters<typeof httpEvent>[0] = {}) => parse(await h(httpEvent({ sub: who.user_id, ...input })));

/** The read flags of the person's stored notifications of a kind (delivered or held). */
async function readFlags(who: Person, kind: string): Promise<boolean[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${who.user_id}`, ':p': 'NOTIF#' } }),
  );
  return (Items ?? []).filter((item) => item.kind === kind).map((item) => item.read === true);
}

describe('answering a consent request marks its notification read', () => {
  it.each([true, false])('a parent link (accept: %s)', async (accept) => {
    const [parent, student] = await Promise.all([player({ role: 'parent' }), player()]);
    expect((await call(addStudent, parent, { body: { email: student.email } })).status).toBe(201);
    // The notify consumer hears ParentLinkRequested through the bus.
    await expect.poll(() => readFlags(student, 'parent_link')).toEqual([false]);
    expect((await call(respondLink, student, { body: { accept }, path: { parentId: parent.user_id } })).status).toBe(200);
    expect(await readFlags(student, 'parent_link')).toEqual([true]);
  });

  it.each([true, false])('a class invitation (accept: %s)', async (accept) => {
    const [teacher, student] = await Promise.all([player({ role: 'teacher' }), player()]);
    const made = await call(createClass, teacher, { body: { name: 'Year 8 History' } });
    const classId = (made.body.class as { id: string }).id;
    expect((await call(invite, teacher, { body: { email: student.email }, path: { classId } })).status).toBe(201);
    await expect.poll(() => readFlags(student, 'class_invite')).toEqual([false]);
    expect((await call(respondInvitation, student, { body: { accept }, path: { classId } })).status).toBe(200);
    expect(await readFlags(student, 'class_invite')).toEqual([true]);
  });

  it('finds a notification whose marker predates naming its item (stored before issue 23)', async () => {
    const [parent, student] = await Promise.all([player({ role: 'parent' }), player()]);
    expect((await call(addStudent, parent, { body: { email: student.email } })).status).toBe(201);
    await expect.poll(() => readFlags(student, 'parent_link')).toEqual([false]);
    // As markers were written before: no notification_id on them.
    const { Items } = await documentClient().send(
      new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${student.user_id}`, ':p': 'NOTIFKEY#' } }),
    );
    expect(Items?.length).toBe(1);
    for (const marker of Items ?? []) {
      await documentClient().send(new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: { pk: marker.pk, sk: marker.sk }, UpdateExpression: 'REMOVE notification_id' }));
    }
    expect((await call(respondLink, student, { body: { accept: true }, path: { parentId: parent.user_id } })).status).toBe(200);
    expect(await readFlags(student, 'parent_link')).toEqual([true]);
  });
});

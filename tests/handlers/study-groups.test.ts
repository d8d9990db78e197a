import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { GROUP_LIMITS, GROUP_MESSAGES as M } from '../../shared/groups/study-groups.ts';
import { RATE_RULES } from '../../shared/rate-limit.ts';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';

/** Study groups and chat (docs/social.md: premium study_groups): every permission case answers 4xx with no data. */
const { mailbox } = useLocalStack();
const { handler: listMine } = await import('../../functions/groups/list-my-groups.ts');
const { handler: searchGroups } = await import('../../functions/groups/search-groups.ts');
const { handler: createGroup } = await import('../../functions/groups/create-group.ts');
const { handler: getGroup } = await import('../../functions/groups/get-group.ts');
const { handler: joinGroup } = await import('../../functions/groups/join-group.ts');
const { handler: leaveGroup } = await import('../../functions/groups/leave-group.ts');
const { handler: invite } = await import('../../functions/groups/invite-to-group.ts');
const { handler: listMessages } = await import('../../functions/groups/list-messages.ts');
const { handler: sendMessage } = await import('../../functions/groups/send-message.ts');
const { handler: groupStats } = await import('../../functions/groups/get-group-stats.ts');
const { canSubscribeToGroup } = await import('../../functions/groups/topic-access.ts');
const { handler: updateProgress } = await import('../../functions/quiz/update-progress.ts');
const { handler: deleteAccountData } = await import('../../functions/profile/delete-account-data.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { handler: signUp } = await import('../../functions/auth/sign-up.ts');
const { handler: confirmSignUp } = await import('../../functions/auth/confirm-sign-up.ts');
const { keys } = await import('../../functions/data/table-design.ts');

type Person = Awaited<ReturnType<typeof player>>;
const student = () => player(premium);
const call = async (h: (e: ReturnType<typeof httpEvent>) => Promise<{ statusCode?: number; body?: string }>, who: Person, input: Parameters<typeof httpEvent>[0] = {}) =>
  parse(await h(httpEvent({ sub: who.user_id, ...input })));
const create = async (who: Person, body: Record<string, unknown>) => call(createGroup, who, { body });
const join = (who: Person, id: string) => call(joinGroup, who, { path: { groupId: id } });
const post = (who: Person, id: string, message: string) => call(sendMessage, who, { path: { groupId: id }, body: { message } });
const family = () => `Fam${randomUUID().replace(/[^a-z]/g, '').slice(0, 10)}`;
const groupItem = async (id: string) => (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: keys.group(id), ConsistentRead: true }))).Item;

async function befriend(a: Person, b: Person) {
  const at = new Date().toISOString();
  for (const [x, y] of [[a, b], [b, a]] as const) {
    await documentClient().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...keys.friend(x.user_id, y.user_id), type: 'friend', friend_id: y.user_id, friend_email: y.email, created_at: at, accepted_at: at } }));
  }
}

describe('study groups', () => {
  it('creates a group with the spec’s defaults and its creator as admin; my groups shows count and role', async () => {
    const a = await student();
    const created = await create(a, { name: 'World Capitals', description: 'Europe first' });
    expect(created.status).toBe(201);
    expect(created.body.group).toMatchObject({ name: 'World Capitals', subject: 'all', level: 'mixed', is_private: false, max_members: 50, member_count: 1, my_role: 'admin', created_by: a.user_id });
    const mine = await call(listMine, a);
    expect(mine.body.groups).toEqual([expect.objectContaining({ id: created.body.group.id, member_count: 1, my_role: 'admin' })]);
    const detail = await call(getGroup, a, { path: { groupId: created.body.group.id } });
    expect(detail.body.members).toEqual([expect.objectContaining({ user_id: a.user_id, email: a.email, role: 'admin' })]);

    const bad = await create(a, { name: 'Hi!', max_members: 101 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ name: M.nameFormat, max_members: M.maxMembers });
  });

  it('search matches name or description in any case, among public groups the caller has not joined', async () => {
    const [a, b] = await Promise.all([student(), student()]);
    const tag = family();
    const byName = (await create(a, { name: `${tag} Rivers` })).body.group;
    const byDescription = (await create(b, { name: 'Mountains Club', description: `peaks with ${tag.toUpperCase()}` })).body.group;
    await create(a, { name: `${tag} Secret`, is_private: true });

    const found = (await call(searchGroups, a, { query: { q: tag.toLowerCase() } })).body.groups.map((g: { id: string }) => g.id);
    // a's own group is joined: excluded; the private one is never listed.
    expect(found).toEqual([byDescription.id]);
    const forB = (await call(searchGroups, b, { query: { q: tag.toUpperCase() } })).body.groups;
    expect(forB.map((g: { id: string }) => g.id)).toEqual([byName.id]);
    expect(forB[0]).toMatchObject({ my_role: null, member_count: 1 });
  });

  it('join is refused when full, also when many try at once: the count never passes max members', async () => {
    const owner = await student();
    const group = (await create(owner, { name: 'Tiny Group', max_members: 5 })).body.group;
    const joiners = await Promise.all(Array.from({ length: 8 }, student));
    const results = await Promise.all(joiners.map((j) => join(j, group.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r.body.error).toMatchObject({ code: 'group_full', message: M.groupFull });
    expect(await groupItem(group.id)).toMatchObject({ member_count: 5 });
    expect((await call(getGroup, owner, { path: { groupId: group.id } })).body.members).toHaveLength(5);
    expect((await join(joiners.find((_, i) => results[i]!.status === 200)!, group.id)).status).toBe(409);
  });

  it('a private group is refused without an invitation; the admin invites a friend, who can then join', async () => {
    const [admin, friend, stranger] = await Promise.all([student(), student(), student()]);
    await befriend(admin, friend);
    const group = (await create(admin, { name: 'Private Study', is_private: true })).body.group;

    const refused = await join(friend, group.id);
    expect(refused.status).toBe(404);
    expect(refused.body.group).toBeUndefined();

    // Only the admin invites, and only a friend; to a stranger a private group does not exist.
    expect((await call(invite, stranger, { path: { groupId: group.id }, body: { user_id: friend.user_id } })).status).toBe(404);
    expect((await call(invite, admin, { path: { groupId: group.id }, body: { user_id: stranger.user_id } })).status).toBe(404);
    expect((await call(invite, admin, { path: { groupId: group.id }, body: { email: friend.email } })).status).toBe(201);

    expect((await call(listMine, friend)).body.invitations).toEqual([expect.objectContaining({ id: group.id, invited: true })]);
    expect((await join(friend, group.id)).status).toBe(200);
    expect((await call(getGroup, friend, { path: { groupId: group.id } })).body).toMatchObject({ group: { member_count: 2, my_role: 'member' } });
    // The member cannot invite: that is the admin's.
    expect((await call(invite, friend, { path: { groupId: group.id }, body: { user_id: stranger.user_id } })).status).toBe(403);
  });

  it('leave removes the membership and the count; a non-member can neither read nor post, nor subscribe', async () => {
    const [a, b, outsider] = await Promise.all([student(), student(), student()]);
    const group = (await create(a, { name: 'Leaving Test' })).body.group;
    expect((await join(b, group.id)).status).toBe(200);
    expect((await post(b, group.id, 'hello from b')).status).toBe(201);
    expect(await canSubscribeToGroup(b.user_id, group.id)).toBe(true);

    expect((await call(leaveGroup, b, { path: { groupId: group.id } })).status).toBe(204);
    expect(await groupItem(group.id)).toMatchObject({ member_count: 1 });
    expect((await call(listMine, b)).body.groups).toEqual([]);
    expect((await call(leaveGroup, b, { path: { groupId: group.id } })).status).toBe(403);

    for (const who of [b, outsider]) {
      const read = await call(listMessages, who, { path: { groupId: group.id } });
      expect(read.status).toBe(403);
      expect(read.body.messages).toBeUndefined();
      const sent = await post(who, group.id, 'let me in');
      expect(sent.status).toBe(403);
      expect((await call(getGroup, who, { path: { groupId: group.id } })).body.members).toBeUndefined();
      expect((await call(groupStats, who, { path: { groupId: group.id } })).body.stats).toBeUndefined();
      expect(await canSubscribeToGroup(who.user_id, group.id)).toBe(false);
    }
    // Nothing the outsider tried was stored.
    expect((await call(listMessages, a, { path: { groupId: group.id } })).body.messages.map((m: { message: string }) => m.message)).toEqual(['hello from b']);
    expect((await call(listMessages, a, { path: { groupId: 'x'.repeat(2000) } })).status).toBe(404);
  });

  it('when the admin leaves, the longest-standing member becomes admin', async () => {
    const [a, b, c] = await Promise.all([student(), student(), student()]);
    const group = (await create(a, { name: 'Handover Group' })).body.group;
    await join(b, group.id);
    await join(c, group.id);
    expect((await call(leaveGroup, a, { path: { groupId: group.id } })).status).toBe(204);
    const members = (await call(getGroup, c, { path: { groupId: group.id } })).body.members as { user_id: string; role: string }[];
    expect(members).toEqual([expect.objectContaining({ user_id: b.user_id, role: 'admin' }), expect.objectContaining({ user_id: c.user_id, role: 'member' })]);
    expect((await call(listMine, b)).body.groups).toEqual([expect.objectContaining({ id: group.id, my_role: 'admin', member_count: 2 })]);
  });

  it('chat: trimmed and sanitised, over 1000 refused, the last 50 oldest first, rate-limited per account', async () => {
    const a = await student();
    const group = (await create(a, { name: 'Chatty Group' })).body.group;
    const sent = await post(a, group.id, '  <b>Hello</b> world  ');
    // Stored as written, trimmed (the page renders it as text, so nothing is stripped as a 'tag').
    expect(sent.body.message).toMatchObject({ message: '<b>Hello</b> world', user_id: a.user_id, email: a.email, group_id: group.id });
    expect((await post(a, group.id, '   ')).status).toBe(400);
    expect((await post(a, group.id, 'x'.repeat(1001))).body.error.message).toBe(M.messageTooLong);

    const rule = RATE_RULES.groupChat;
    const results = [];
    // The window is fixed: 2 × max + 1 sends within 10 s overfill one window wherever its boundary falls.
    for (let i = 0; i < 2 * rule.max + 1; i++) results.push(await post(a, group.id, `m${i}`));
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(1);
    expect(limited[0]!.body.error.message).toBe(rule.message);

    const messages = (await call(listMessages, a, { path: { groupId: group.id } })).body.messages as { message: string; created_at: string }[];
    expect(messages.length).toBeLessThanOrEqual(50);
    expect(messages[0]!.message).toBe('<b>Hello</b> world');
    expect([...messages].sort((x, y) => x.created_at.localeCompare(y.created_at))).toEqual(messages);
  });

  it('the last 50 only', async () => {
    const [a, b, c] = await Promise.all([student(), student(), student()]);
    const group = (await create(a, { name: 'Fifty Group' })).body.group;
    await join(b, group.id);
    await join(c, group.id);
    for (let i = 0; i < 54; i++) expect((await post([a, b, c][i % 3]!, group.id, `n${i}`)).status).toBe(201);
    const messages = (await call(listMessages, b, { path: { groupId: group.id } })).body.messages as { message: string }[];
    expect(messages).toHaveLength(50);
    expect(messages[0]!.message).toBe('n4');
    expect(messages.at(-1)!.message).toBe('n53');
  });

  it('a free account is refused every route, with no data', async () => {
    const [free, owner] = await Promise.all([player(), student()]);
    const group = (await create(owner, { name: 'Premium Only' })).body.group;
    const calls = [
      await call(listMine, free),
      await call(searchGroups, free, { query: { q: 'Premium' } }),
      await create(free, { name: 'Free Group' }),
      await join(free, group.id),
      await call(listMessages, free, { path: { groupId: group.id } }),
      await post(free, group.id, 'hi'),
    ];
    for (const r of calls) {
      expect(r.status).toBe(403);
      expect(r.body.error).toMatchObject({ code: 'premium_required', message: M.premiumRequired });
      expect(r.body.groups ?? r.body.group ?? r.body.messages).toBeUndefined();
    }
    // A trial has it; once the account is free again it can no longer listen to the group either.
    const trial = await player({ metadata: { trial_active: true, trial_ends: new Date(Date.now() + 86_400_000).toISOString() } as Person['metadata'] });
    expect((await join(trial, group.id)).status).toBe(200);
    expect(await canSubscribeToGroup(trial.user_id, group.id)).toBe(true);
    await documentClient().send(
      new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: keys.profile(trial.user_id), UpdateExpression: 'SET metadata.trial_active = :f', ExpressionAttributeValues: { ':f': false } }),
    );
    expect(await canSubscribeToGroup(trial.user_id, group.id)).toBe(false);
    expect((await call(listMessages, trial, { path: { groupId: group.id } })).status).toBe(403);
  });

  it('stats come from members’ real attempts (what the progress consumer stores)', async () => {
    const [a, b] = await Promise.all([student(), student()]);
    const group = (await create(a, { name: 'Stats Group' })).body.group;
    await join(b, group.id);
    expect((await call(groupStats, a, { path: { groupId: group.id } })).body.stats).toEqual({ total_quizzes: 0, average_score: null, accuracy: null, total_points: 0, active_members: 0 });
    const completed = (userId: string, score: number, points: number) => ({
      version: '0', id: randomUUID(), 'detail-type': 'QuizCompleted', source: 'quizquest', account: '0', time: new Date().toISOString(), region: 'us-east-1', resources: [],
      detail: { attemptId: randomUUID().replace(/-/g, ''), userId, subject: 'history', level: 'beginner', mode: 'practice', score, total: 10, points, timeSpentMs: 100_000, completedAt: new Date().toISOString(), timeZone: 'UTC', topics: [] },
    });
    await updateProgress(completed(a.user_id, 8, 100));
    await updateProgress(completed(a.user_id, 6, 60));
    await updateProgress(completed(b.user_id, 10, 150));
    expect((await call(groupStats, b, { path: { groupId: group.id } })).body.stats).toEqual({ total_quizzes: 3, average_score: 80, accuracy: 80, total_points: 310, active_members: 2 });
  });

  it('Delete Account leaves the account’s groups (counts stay right) and removes its messages', async () => {
    const [a, b] = await Promise.all([student(), student()]);
    const group = (await create(a, { name: 'Deletion Group' })).body.group;
    await join(b, group.id);
    // b's own group, which c has joined: c becomes its admin when b's account goes.
    const c = await student();
    const bGroup = (await create(b, { name: 'Deletion Group Two' })).body.group;
    await join(c, bGroup.id);
    await post(b, group.id, 'from b');
    await post(a, group.id, 'from a');
    const event = { version: '0', id: randomUUID(), 'detail-type': 'AccountDeleted', source: 'quizquest', account: '0', time: new Date().toISOString(), region: 'us-east-1', resources: [], detail: { userId: b.user_id, email: b.email } };
    await deleteAccountData(event as never);
    await deleteAccountData({ ...event, id: randomUUID() } as never);
    expect(await groupItem(group.id)).toMatchObject({ member_count: 1 });
    const detail = (await call(getGroup, a, { path: { groupId: group.id } })).body;
    expect(detail.members.map((m: { user_id: string }) => m.user_id)).toEqual([a.user_id]);
    expect((await call(listMessages, a, { path: { groupId: group.id } })).body.messages.map((m: { message: string }) => m.message)).toEqual(['from a']);
    expect((await call(getGroup, c, { path: { groupId: bGroup.id } })).body).toMatchObject({ group: { member_count: 1, my_role: 'admin' }, members: [{ user_id: c.user_id, role: 'admin' }] });
  });
});

describe('study groups: limits and privacy (issue 17)', () => {
  const randomGroupId = () => randomUUID().replace(/-/g, '').slice(0, 22);

  it('a private group answers a non-member exactly as a group that does not exist', async () => {
    const [admin, outsider] = await Promise.all([student(), student()]);
    const group = (await create(admin, { name: 'Hidden Circle', is_private: true })).body.group;
    await post(admin, group.id, 'secret plans');
    const none = randomGroupId();
    const attempts = [
      (id: string) => call(getGroup, outsider, { path: { groupId: id } }),
      (id: string) => call(listMessages, outsider, { path: { groupId: id } }),
      (id: string) => call(groupStats, outsider, { path: { groupId: id } }),
      (id: string) => post(outsider, id, 'hello?'),
      (id: string) => call(invite, outsider, { path: { groupId: id }, body: { user_id: admin.user_id } }),
      (id: string) => join(outsider, id),
      (id: string) => call(leaveGroup, outsider, { path: { groupId: id } }),
    ];
    for (const attempt of attempts) {
      const [privateAnswer, missingAnswer] = [await attempt(group.id), await attempt(none)];
      expect(privateAnswer).toEqual(missingAnswer);
      expect(privateAnswer.status).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(privateAnswer.body)).not.toContain('secret');
    }
    expect((await call(getGroup, outsider, { path: { groupId: group.id } })).body.error).toMatchObject({ code: 'not_found', message: M.groupNotFound });
  });

  it('when the last member leaves, the group is deleted: nobody can join it, it is not found, its chat is gone', async () => {
    const [a, b, c] = await Promise.all([student(), student(), student()]);
    const tag = family();
    const group = (await create(a, { name: `${tag} Empty` })).body.group;
    await join(b, group.id);
    await post(b, group.id, 'bye');
    expect((await call(leaveGroup, a, { path: { groupId: group.id } })).status).toBe(204);
    // b is the admin now (the longest-standing member), then leaves too: nobody is left.
    expect((await call(listMine, b)).body.groups).toEqual([expect.objectContaining({ id: group.id, my_role: 'admin', member_count: 1 })]);
    expect((await call(leaveGroup, b, { path: { groupId: group.id } })).status).toBe(204);
    expect(await groupItem(group.id)).toBeUndefined();
    expect((await join(c, group.id)).status).toBe(404);
    expect((await call(searchGroups, c, { query: { q: tag } })).body.groups).toEqual([]);
    expect((await call(listMine, b)).body.groups).toEqual([]);
    const { Items } = await documentClient().send(
      new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.group(group.id).pk } }),
    );
    expect(Items).toEqual([]);

    // A leave and a join at the same moment: either the group is gone (and the join 404), or the joiner is its admin.
    const d = await student();
    const solo = (await create(a, { name: `${tag} Race` })).body.group;
    const [left, joined] = await Promise.all([call(leaveGroup, a, { path: { groupId: solo.id } }), join(d, solo.id)]);
    expect(left.status).toBe(204);
    if (joined.status === 200) {
      const detail = await call(getGroup, d, { path: { groupId: solo.id } });
      expect(detail.body).toMatchObject({ group: { member_count: 1, my_role: 'admin' }, members: [{ user_id: d.user_id, role: 'admin' }] });
      expect((await call(invite, d, { path: { groupId: solo.id }, body: { user_id: a.user_id } })).status).not.toBe(403);
    } else {
      expect(joined.status).toBe(404);
      expect(await groupItem(solo.id)).toBeUndefined();
    }
  });

  it('an account keeps at most 10 groups it created, also when 15 are created at once; deleting one frees a place', async () => {
    const me = await student();
    const results = await Promise.all(Array.from({ length: 15 }, (_, i) => create(me, { name: `Capped Group ${i}` })));
    const made = results.filter((r) => r.status === 201);
    expect(made).toHaveLength(GROUP_LIMITS.groupsPerAccount);
    for (const r of results.filter((x) => x.status !== 201)) expect(r).toMatchObject({ status: 409, body: { error: { code: 'too_many_groups', message: M.tooManyGroups } } });
    expect((await call(listMine, me)).body.groups).toHaveLength(GROUP_LIMITS.groupsPerAccount);
    // Leaving one of them (nobody else is in it) deletes it, which frees one place.
    expect((await call(leaveGroup, me, { path: { groupId: made[0]!.body.group.id } })).status).toBe(204);
    const again = await Promise.all([create(me, { name: 'Capped Again' }), create(me, { name: 'Capped Twice' })]);
    expect(again.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('group creation is rate-limited per account', async () => {
    const me = await student();
    const rule = RATE_RULES.groupCreate;
    let limited;
    // Create and leave (which deletes it) until refused; the window is fixed, so 2 × max + 1 always overfill one.
    for (let i = 0; i < 2 * rule.max + 1 && !limited; i++) {
      const made = await create(me, { name: `Churn Group ${i}` });
      if (made.status === 429) limited = made;
      else await call(leaveGroup, me, { path: { groupId: made.body.group.id } });
    }
    expect(limited).toMatchObject({ status: 429, body: { error: { message: rule.message } } });
    expect(limited!.body.group).toBeUndefined();
  });

  it('groups made before the word index are found after the backfill (scripts/backfill-group-words.ts)', async () => {
    const [owner, seeker] = await Promise.all([student(), student()]);
    const tag = family();
    const id = randomUUID().replace(/-/g, '').slice(0, 22);
    const at = new Date(Date.now() - 86_400_000).toISOString();
    // A group item as older code wrote it, before group search had its word entries.
    await documentClient().send(
      new PutCommand({
        TableName: process.env.TABLE_NAME,
        Item: { ...keys.group(id), ...keys.publicGroup(at, id), type: 'study-group', group_id: id, name: `${tag} Legacy`, description: 'old', search_text: `${tag} legacy\nold`.toLowerCase(), subject: 'all', level: 'mixed', is_private: false, max_members: 50, member_count: 1, created_by: owner.user_id, created_at: at },
      }),
    );
    expect((await call(searchGroups, seeker, { query: { q: `${tag} legacy` } })).body.groups).toEqual([]);
    const { indexPublicGroups } = await import('../../functions/groups/data/study-groups.ts');
    expect(await indexPublicGroups()).toBeGreaterThan(0);
    expect((await call(searchGroups, seeker, { query: { q: `${tag} legacy` } })).body.groups.map((g: { id: string }) => g.id)).toEqual([id]);
  });

  it('search finds a group by a word of its name or description whatever the number of newer public groups', { timeout: 120_000 }, async () => {
    const [owner, seeker] = await Promise.all([student(), student()]);
    const tag = family();
    const target = (await create(owner, { name: `${tag} Volcanoes`, description: `Lava flows and ${tag}Island craters` })).body.group;
    // 600 newer public groups from 600 other accounts (more than any bounded read of the newest).
    const { createGroup: storeGroup } = await import('../../functions/groups/data/study-groups.ts');
    const flood = Array.from({ length: 600 }, (_, i) => ({ user_id: randomUUID(), email: `flood${i}@example.test` }));
    for (let i = 0; i < flood.length; i += 30) {
      await Promise.all(
        flood.slice(i, i + 30).map((who, j) =>
          storeGroup({ name: `Flood Group ${i + j}`, description: 'nothing to see here', subject: 'all', level: 'mixed', is_private: false, max_members: 50 }, who, new Date(Date.now() + 60_000 + i + j).toISOString()),
        ),
      );
    }
    for (const q of [tag, tag.toUpperCase(), `${tag} volc`, 'volcanoes ' + tag.slice(0, 6), `${tag}island`, `lava ${tag}`]) {
      const found = (await call(searchGroups, seeker, { query: { q } })).body.groups as { id: string }[];
      expect(found.map((g) => g.id), q).toEqual([target.id]);
    }
    expect((await call(searchGroups, seeker, { query: { q: `${tag} glaciers` } })).body.groups).toEqual([]);
  });
});

describe('live chat over the WebSocket API', () => {
  const api = inject('apiUrl');
  const wsUrl = `${api.replace(/^http/, 'ws')}/ws`;

  /** A real account (signed up, confirmed, signed in) on Premium, with its access token. */
  async function premiumAccount(): Promise<{ profile: Person; token: string }> {
    const email = uniqueEmail('grpws');
    const password = 'Pulsar#3141';
    await signUp(httpEvent({ body: { email, password } }));
    await confirmSignUp(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }));
    const response = await fetch(`${api}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    const { tokens, profile } = (await response.json()) as { tokens: { accessToken: string }; profile: Person };
    await documentClient().send(
      new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: keys.profile(profile.user_id), UpdateExpression: 'SET subscription_status = :p', ExpressionAttributeValues: { ':p': 'premium' } }),
    );
    return { profile: { ...profile, subscription_status: 'premium' }, token: tokens.accessToken };
  }

  function socket(token: string): Promise<{ ws: WebSocket; next: () => Promise<Record<string, unknown>> }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${wsUrl}?token=${encodeURIComponent(token)}`);
      const received: Record<string, unknown>[] = [];
      const waiting: ((m: Record<string, unknown>) => void)[] = [];
      ws.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
        const waiter = waiting.shift();
        if (waiter) waiter(message);
        else received.push(message);
      });
      const next = () =>
        received.length
          ? Promise.resolve(received.shift()!)
          : new Promise<Record<string, unknown>>((r, fail) => {
              waiting.push(r);
              setTimeout(() => fail(new Error('no message within 5 s')), 5000);
            });
      ws.once('open', () => resolve({ ws, next }));
      ws.once('error', reject);
    });
  }

  it('a message reaches a subscribed member’s connection once; a non-member cannot subscribe', async () => {
    const [a, b, outsider] = await Promise.all([premiumAccount(), premiumAccount(), premiumAccount()]);
    const group = (await create(a.profile, { name: 'Live Chat Group' })).body.group;
    expect((await join(b.profile, group.id)).status).toBe(200);
    const topic = `group:${group.id}`;

    const listener = await socket(a.token);
    const stranger = await socket(outsider.token);
    try {
      listener.ws.send(JSON.stringify({ action: 'subscribe', topic }));
      expect(await listener.next()).toEqual({ type: 'subscribed', topic });
      stranger.ws.send(JSON.stringify({ action: 'subscribe', topic }));
      expect(await stranger.next()).toMatchObject({ type: 'error', message: 'You may not subscribe to this topic' });

      const sent = await post(b.profile, group.id, '  Live <i>hello</i>  ');
      expect(sent.status).toBe(201);
      const pushed = await listener.next();
      expect(pushed).toEqual({ topic, type: 'chat.message', data: sent.body.message });
      expect(sent.body.message).toMatchObject({ message: 'Live <i>hello</i>', user_id: b.profile.user_id, email: b.profile.email });
      // Nothing more arrives: one message, one delivery. The post returned after its pushes reached
      // the gateway, so the answer to a ping sent now comes after any second delivery: it is next.
      listener.ws.send(JSON.stringify({ action: 'ping' }));
      expect(await listener.next()).toEqual({ type: 'pong' });
    } finally {
      listener.ws.close();
      stranger.ws.close();
    }
  });
});

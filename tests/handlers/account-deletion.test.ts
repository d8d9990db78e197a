import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

/**
 * Delete Account deletes for real (docs/accounts.md): the identity, and every item of
 * the account, found by key. The account is used first the way a person uses it, through
 * the API, so it has a profile, sign-ins, links, rounds, attempts, progress, a streak, a
 * leaderboard entry, a bookmark and a waitlist entry; afterwards a scan of the whole table
 * finds nothing that names it.
 */
const { mailbox } = useLocalStack();
const api = inject('apiUrl');
const { handler: signUp } = await import('../../functions/auth/sign-up.ts');
const { handler: confirm } = await import('../../functions/auth/confirm-sign-up.ts');
const { handler: deleteAccount } = await import('../../functions/profile/delete-account.ts');
const { handler: updateProfile } = await import('../../functions/profile/update-profile.ts');
const { handler: deleteAccountData } = await import('../../functions/profile/delete-account-data.ts');
const { handler: sendFriendRequest } = await import('../../functions/social/send-friend-request.ts');
const { handler: respondFriendRequest } = await import('../../functions/social/respond-friend-request.ts');
const { handler: sendChallenge } = await import('../../functions/social/send-challenge.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');

const PASSWORD = 'Comet#2718';

async function call<T>(path: string, init: { token?: string; method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${api}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as T };
}

/** Items anywhere in the table that name the account, apart from short-lived abuse counters and event markers. */
async function itemsNaming(userId: string, email: string): Promise<string[]> {
  const found: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: process.env.TABLE_NAME, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const text = JSON.stringify(item);
      if (String(item.pk).startsWith('RATE#') || String(item.pk).startsWith('EVENT#')) continue;
      if (text.includes(userId) || text.includes(email)) found.push(`${item.pk} ${item.sk}`);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

describe('Delete Account', () => {
  it('deletes the identity and every item of the account; nothing of it remains', { timeout: 60_000 }, async () => {
    const email = uniqueEmail('leaving');
    await signUp(httpEvent({ body: { email, password: PASSWORD } }));
    await confirm(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }));
    const signIn = await call<{ tokens: { accessToken: string }; profile: { user_id: string } }>('/api/auth/sign-in', { body: { email, password: PASSWORD } });
    expect(signIn.status).toBe(200);
    const token = signIn.body.tokens.accessToken;
    const userId = signIn.body.profile.user_id;

    // Use the account: a round played to the end, a bookmark, the waitlist, a reset link, a name.
    const round = await call<{ roundId: string; questions: { id: string; options: string[] }[] }>('/api/quiz/rounds', { token, body: { subject: 'history', level: 'beginner' } });
    expect(round.status).toBe(201);
    for (const question of round.body.questions) {
      expect((await call(`/api/quiz/rounds/${round.body.roundId}/answers`, { token, body: { questionId: question.id, answer: question.options[0] } })).status).toBe(200);
    }
    expect((await call('/api/bookmarks/toggle', { token, body: { questionId: round.body.questions[0]!.id } })).status).toBeLessThan(300);
    expect((await call('/api/subscription/waitlist', { token, body: { email } })).status).toBe(201);
    expect((await call('/api/auth/password-reset', { body: { email } })).status).toBe(202);
    expect(parse(await updateProfile(httpEvent({ sub: userId, body: { full_name: 'Leaving Person', phone_number: '+1 555 0100' } }))).status).toBe(200);
    // A friend, and a request to someone else still pending: the other sides go too.
    const friend = await player();
    const asked = await player();
    expect(parse(await sendFriendRequest(httpEvent({ sub: friend.user_id, body: { email } }))).status).toBe(201);
    expect(parse(await respondFriendRequest(httpEvent({ sub: userId, body: { accept: true }, path: { userId: friend.user_id } }))).status).toBe(200);
    expect(parse(await sendFriendRequest(httpEvent({ sub: userId, body: { email: asked.email } }))).status).toBe(201);
    expect(parse(await sendChallenge(httpEvent({ sub: friend.user_id, body: { friendId: userId, subject: 'history', level: 'beginner', questionCount: 5 } }))).status).toBe(201);
    // The consumers have written progress, streak and the leaderboard entry.
    await expect.poll(async () => (await itemsNaming(userId, email)).some((k) => k.startsWith('LBE#')), { timeout: 10_000 }).toBe(true);
    const before = await itemsNaming(userId, email);
    expect(before.length).toBeGreaterThan(8);

    const result = await deleteAccount(httpEvent({ sub: userId }));
    expect(parse(result).status).toBe(202);
    expect(result.cookies?.[0]).toMatch(/^qq_refresh=; .*Max-Age=0/);

    await expect.poll(() => itemsNaming(userId, email), { timeout: 15_000 }).toEqual([]);
    // The identity is gone too: the password signs in no more.
    expect((await call('/api/auth/sign-in', { body: { email, password: PASSWORD } })).status).toBe(401);
    // An access token issued before finds no account.
    expect((await call('/api/me', { token })).status).toBe(403);

    // A second delivery of the event changes nothing and does not fail.
    const redelivery = { version: '0', id: 'redelivered', 'detail-type': 'AccountDeleted', source: 'quizquest', account: '0', time: new Date().toISOString(), region: 'us-east-1', resources: [], detail: { userId, email } };
    await deleteAccountData(redelivery);
    expect(await itemsNaming(userId, email)).toEqual([]);
  });

  it('updates only the caller’s own name and phone, with the spec’s messages', async () => {
    const email = uniqueEmail('named');
    await signUp(httpEvent({ body: { email, password: PASSWORD } }));
    await confirm(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }));
    const { body } = await call<{ profile: { user_id: string } }>('/api/auth/sign-in', { body: { email, password: PASSWORD } });
    const sub = body.profile.user_id;

    const updated = parse(await updateProfile(httpEvent({ sub, body: { full_name: ' Ada Lovelace ', phone_number: '(555) 123-4567' } })));
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Profile updated successfully!');
    expect(updated.body.profile.metadata).toMatchObject({ full_name: 'Ada Lovelace', phone_number: '(555) 123-4567' });
    expect(updated.body.profile.email).toBe(email);

    const bad = parse(await updateProfile(httpEvent({ sub, body: { full_name: 'A', phone_number: 'call me' } })));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ full_name: 'Full name must be at least 2 characters', phone_number: 'Please enter a valid phone number' });
    expect(parse(await updateProfile(httpEvent({ sub, body: { full_name: 'Ada', phone_number: '', email: 'other@example.com' } }))).status).toBe(400);

    const cleared = parse(await updateProfile(httpEvent({ sub, body: { full_name: '', phone_number: '' } })));
    expect(cleared.body.profile.metadata.full_name).toBeUndefined();
    expect(cleared.body.profile.metadata.phone_number).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import {
  challengeResponseSchema,
  challengesResponseSchema,
  friendsResponseSchema,
  requestAnsweredSchema,
  sentRequestResponseSchema,
  userSearchResponseSchema,
} from '../../shared/social/social-api.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

/**
 * The screens parse every answer of the social routes with shared/social/social-api.ts: each
 * handler's real answer must pass that parse (a drift here is a blank /friends page).
 */
useLocalStack();
const { handler: search } = await import('../../functions/social/search-users.ts');
const { handler: sendRequest } = await import('../../functions/social/send-friend-request.ts');
const { handler: respond } = await import('../../functions/social/respond-friend-request.ts');
const { handler: listFriends } = await import('../../functions/social/list-friends.ts');
const { handler: sendChallenge } = await import('../../functions/social/send-challenge.ts');
const { handler: respondChallenge } = await import('../../functions/social/respond-challenge.ts');
const { handler: listChallenges } = await import('../../functions/social/list-challenges.ts');

describe('social responses match the web contract', () => {
  it('friends, requests, search and challenges parse with the shared schemas', async () => {
    const family = `sc${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => player({ email: `${family}-${i}@example.com` })));

    const found = parse(await search(httpEvent({ sub: a!.user_id, query: { q: b!.email } })));
    expect(userSearchResponseSchema.parse(found.body).users.map((u) => u.user_id)).toEqual([b!.user_id]);

    const sent = parse(await sendRequest(httpEvent({ sub: a!.user_id, body: { email: b!.email, message: 'Hi' } })));
    expect(sentRequestResponseSchema.parse(sent.body).request).toMatchObject({ receiver_email: b!.email, message: 'Hi', status: 'pending' });
    parse(await sendRequest(httpEvent({ sub: c!.user_id, body: { email: a!.email } })));

    const pending = friendsResponseSchema.parse(parse(await listFriends(httpEvent({ sub: a!.user_id }))).body);
    expect(pending.sent.map((r) => r.receiver_email)).toEqual([b!.email]);
    expect(pending.received.map((r) => r.sender_email)).toEqual([c!.email]);

    const accepted = parse(await respond(httpEvent({ sub: b!.user_id, body: { accept: true }, path: { userId: a!.user_id } })));
    expect(requestAnsweredSchema.parse(accepted.body).status).toBe('accepted');
    const friends = friendsResponseSchema.parse(parse(await listFriends(httpEvent({ sub: a!.user_id }))).body);
    expect(friends.friends).toEqual([{ friend_id: b!.user_id, email: b!.email, last_active: null, current_streak: 0, total_points: 0 }]);

    const challenge = parse(
      await sendChallenge(httpEvent({ sub: a!.user_id, body: { friendId: b!.user_id, subject: 'history', level: 'beginner', questionCount: 5, timeLimitSec: 0, message: '' } })),
    );
    const view = challengeResponseSchema.parse(challenge.body).challenge;
    expect(view).toMatchObject({ status: 'pending', own: true, played: false, time_limit: 0, challenger_score: null, winner: null });

    const answered = parse(await respondChallenge(httpEvent({ sub: b!.user_id, body: { accept: true }, path: { challengeId: view.id } })));
    expect(challengeResponseSchema.parse(answered.body).challenge).toMatchObject({ status: 'accepted', own: false });
    const theirs = challengesResponseSchema.parse(parse(await listChallenges(httpEvent({ sub: b!.user_id }))).body).challenges;
    expect(theirs.map((x) => [x.id, x.status, x.own])).toEqual([[view.id, 'accepted', false]]);
  });
});

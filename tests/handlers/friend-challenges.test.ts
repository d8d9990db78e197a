import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { CHALLENGE_MESSAGES as M } from '../../shared/social/friend-challenge.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

/**
 * Friend challenges end to end through the handlers and the real bus: both players get the
 * same questions, each plays once, and the server names the winner (docs/social.md).
 */
useLocalStack();
const { handler: sendRequest } = await import('../../functions/social/send-friend-request.ts');
const { handler: respondRequest } = await import('../../functions/social/respond-friend-request.ts');
const { handler: sendChallenge } = await import('../../functions/social/send-challenge.ts');
const { handler: respondChallenge } = await import('../../functions/social/respond-challenge.ts');
const { handler: listChallenges } = await import('../../functions/social/list-challenges.ts');
const { handler: startRound } = await import('../../functions/quiz/start-round.ts');
const { handler: answerQuestion } = await import('../../functions/quiz/answer-question.ts');
const { handler: recordChallengeAttempt } = await import('../../functions/social/record-challenge-attempt.ts');
const { getChallenge, putChallenge } = await import('../../functions/social/data/challenges.ts');
const { handler: notifyConsumer } = await import('../../functions/notifications/write-event-notifications.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { handler: listNotifications } = await import('../../functions/notifications/list-notifications.ts');

type Person = Awaited<ReturnType<typeof player>>;

async function friends(): Promise<[Person, Person]> {
  const [a, b] = await Promise.all([player(), player()]);
  parse(await sendRequest(httpEvent({ sub: a.user_id, body: { email: b.email } })));
  expect(parse(await respondRequest(httpEvent({ sub: b.user_id, body: { accept: true }, path: { userId: a.user_id } }))).status).toBe(200);
  return [a, b];
}
const send = async (from: Person, body: Record<string, unknown>) => parse(await sendChallenge(httpEvent({ sub: from.user_id, body })));
const respond = async (who: Person, id: string, accept: boolean) => parse(await respondChallenge(httpEvent({ sub: who.user_id, body: { accept }, path: { challengeId: id } })));
const start = async (who: Person, body: Record<string, unknown>) => parse(await startRound(httpEvent({ sub: who.user_id, body })));
const mine = async (who: Person) => parse(await listChallenges(httpEvent({ sub: who.user_id }))).body.challenges as Record<string, any>[];

/** Plays a started round to its end, answering correctly the first `right` questions. */
async function play(who: Person, round: { roundId: string; questions: { id: string; options: string[] }[] }, challengeId: string, right: number) {
  const stored = await getChallenge(challengeId);
  for (const [i, question] of round.questions.entries()) {
    const key = stored!.questions[i]!.correct_answer;
    const answer = i < right ? key : question.options.find((o) => o !== key)!;
    expect(parse(await answerQuestion({ ...httpEvent({ sub: who.user_id, body: { questionId: question.id, answer } }), pathParameters: { roundId: round.roundId } })).status).toBe(200);
  }
}

describe('friend challenges', () => {
  it('both play the same questions once, and the server names the winner for both', { timeout: 30_000 }, async () => {
    const [a, b] = await friends();
    const sent = await send(a, { friendId: b.user_id, subject: 'history', level: 'beginner', questionCount: 5, timeLimitSec: 300, message: 'Beat this' });
    expect(sent.status).toBe(201);
    const id = sent.body.challenge.id as string;
    expect(sent.body.challenge).not.toHaveProperty('questions');
    expect((await mine(b))[0]).toMatchObject({ id, status: 'pending', own: false, challenger_email: a.email, message: 'Beat this' });

    // Not playable before it is accepted; only the challenged player answers it.
    expect((await start(a, { subject: 'history', level: 'beginner', challengeId: id })).body.error.message).toBe(M.notAccepted);
    expect((await respond(a, id, true)).status).toBe(404);
    expect((await respond(await player(), id, true)).status).toBe(404);
    expect((await respond(b, id, true)).status).toBe(200);
    expect((await respond(b, id, false)).status).toBe(409);

    const roundA = await start(a, { subject: 'history', level: 'beginner', challengeId: id });
    const roundB = await start(b, { subject: 'history', level: 'beginner', challengeId: id });
    expect(roundA.status).toBe(201);
    expect(roundB.status).toBe(201);
    expect(roundA.body.questions.map((q: { id: string }) => q.id)).toEqual(roundB.body.questions.map((q: { id: string }) => q.id));
    expect(roundA.body.questions).toHaveLength(5);
    expect(roundA.body.deadline - roundA.body.startedAt).toBe(300_000);
    // Once each: a second start while it is in play resumes it (a reload); another subject is not this challenge; a stranger cannot play it.
    expect((await start(a, { subject: 'history', level: 'beginner', challengeId: id })).body).toMatchObject({ roundId: roundA.body.roundId, answered: 0, deadline: roundA.body.deadline });
    expect((await start(b, { subject: 'geography', level: 'beginner', challengeId: id })).status).toBe(404);
    expect((await start(await player(), { subject: 'history', level: 'beginner', challengeId: id })).status).toBe(404);

    await play(a, roundA.body, id, 3);
    await play(b, roundB.body, id, 4);
    expect((await start(a, { subject: 'history', level: 'beginner', challengeId: id })).body.error.message).toBe(M.alreadyPlayed);
    await expect.poll(async () => (await mine(a)).find((c) => c.id === id)?.status, { timeout: 10_000 }).toBe('completed');
    for (const viewer of [a, b]) {
      expect((await mine(viewer)).find((c) => c.id === id)).toMatchObject({
        winner: b.user_id,
        challenger_score: { score: 3, total: 5 },
        challenged_score: { score: 4, total: 5 },
      });
    }

    // The same QuizCompleted again changes nothing.
    const stored = await getChallenge(id);
    const again = { version: '0', id: 'again', 'detail-type': 'QuizCompleted', source: 'quizquest', account: '0', time: new Date().toISOString(), region: 'us-east-1', resources: [],
      detail: { attemptId: roundA.body.roundId, userId: a.user_id, subject: 'history', level: 'beginner', mode: 'practice', score: 5, total: 5, points: 0, timeSpentMs: 1, completedAt: new Date().toISOString(), timeZone: 'UTC', topics: [], challengeId: id } };
    await recordChallengeAttempt(again);
    expect(await getChallenge(id)).toEqual(stored);
  });

  it('a tie has no winner', { timeout: 30_000 }, async () => {
    const [a, b] = await friends();
    const id = (await send(a, { friendId: b.user_id, subject: 'religion', level: 'beginner', questionCount: 5, timeLimitSec: 0 })).body.challenge.id as string;
    await respond(b, id, true);
    const roundA = (await start(a, { subject: 'religion', level: 'beginner', challengeId: id })).body;
    const roundB = (await start(b, { subject: 'religion', level: 'beginner', challengeId: id })).body;
    expect(roundA.deadline).toBeNull(); // no limit
    await play(a, roundA, id, 2);
    await play(b, roundB, id, 2);
    await expect.poll(async () => (await mine(b)).find((c) => c.id === id)?.status, { timeout: 10_000 }).toBe('completed');
    expect((await mine(b)).find((c) => c.id === id)?.winner).toBeNull();
  });

  it('only friends, with the spec’s rules and messages; shown as expired after 7 days', async () => {
    const [a, b] = await friends();
    const stranger = await player();
    expect((await send(a, { friendId: stranger.user_id, subject: 'history', level: 'beginner' })).body.error.message).toBe(M.notFriends);
    expect((await send(a, { friendId: b.user_id, level: 'beginner' })).body.error.message).toBe(M.subjectAndLevel);
    expect((await send(a, { friendId: b.user_id, subject: 'history', level: 'beginner', questionCount: 30 })).body.error.message).toBe(M.questionCount);
    expect((await send(a, { friendId: b.user_id, subject: 'history', level: 'beginner', timeLimitSec: 120 })).status).toBe(400);
    // Free players cannot be challenged above beginner.
    expect((await send(a, { friendId: b.user_id, subject: 'history', level: 'expert' })).status).toBe(403);
    // Defaults of the dialog: 10 questions, 300 s.
    const defaults = (await send(a, { friendId: b.user_id, subject: 'geography', level: 'beginner' })).body.challenge;
    expect(defaults).toMatchObject({ question_count: 10, time_limit: 300, status: 'pending' });

    const old = { ...(await getChallenge(defaults.id))!, id: `${defaults.id.slice(0, 23)}${defaults.id.endsWith('0') ? '1' : '0'}`, expiresAt: new Date(Date.now() - 1000).toISOString() };
    await putChallenge(old);
    expect((await mine(b)).find((c) => c.id === old.id)?.status).toBe('expired');
    expect((await respond(b, old.id, true)).status).toBe(410);
  });

  it('answering a challenge marks the bell’s “challenged you” notification read (issue 23)', async () => {
    const [a, b] = await friends();
    const sent = await send(a, { friendId: b.user_id, subject: 'history', level: 'beginner', questionCount: 5, timeLimitSec: 300, message: '' });
    const challenge = sent.body.challenge as { id: string; created_at: string };
    await notifyConsumer({
      version: '0', id: `c-${challenge.id}`, 'detail-type': 'ChallengeSent', source: 'quizquest', account: '000000000000', time: challenge.created_at, region: 'us-east-1', resources: [],
      detail: { challengeId: challenge.id, challengerId: a.user_id, challengerEmail: a.email, challengedId: b.user_id, subject: 'history', level: 'beginner', questionCount: 5, createdAt: challenge.created_at },
    });
    // Stored read or unread, delivered or held for quiet hours (whenever the test runs).
    const stored = async () => {
      const { Items } = await documentClient().send(
        new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${b.user_id}`, ':p': 'NOTIF#' } }),
      );
      return (Items ?? []).filter((item) => item.kind === 'friend_challenge').map((item) => item.read);
    };
    expect(await stored()).toEqual([false]);
    expect((await respond(b, challenge.id, false)).status).toBe(200);
    expect(await stored()).toEqual([true]);
    const bell = parse(await listNotifications(httpEvent({ sub: b.user_id }))).body as { notifications: { type: string; read: boolean }[] };
    expect(bell.notifications.filter((n) => n.type === 'friend_challenge' && !n.read)).toEqual([]);
  });
});

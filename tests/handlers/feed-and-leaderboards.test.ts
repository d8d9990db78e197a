import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { periodBucket } from '../../shared/social/leaderboard.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

/**
 * The activity feed and the leaderboards through their consumers and handlers (docs/social.md,
 * docs/social.md): friends see each other's activity and strangers do not, an event delivered
 * twice writes one item and counts once, boards read pre-aggregated totals per period.
 */
useLocalStack();
const { handler: writeFeedItems } = await import('../../functions/activity/write-feed-items.ts');
const { handler: writeLeaderboardEntry } = await import('../../functions/activity/write-leaderboard-entry.ts');
const { handler: getFeed } = await import('../../functions/activity/get-feed.ts');
const { handler: getLeaderboard } = await import('../../functions/activity/get-leaderboard.ts');
const { handler: getFriendLeaderboard } = await import('../../functions/activity/get-friend-leaderboard.ts');
const { handler: sendRequest } = await import('../../functions/social/send-friend-request.ts');
const { handler: respondRequest } = await import('../../functions/social/respond-friend-request.ts');

type Person = Awaited<ReturnType<typeof player>>;
type FeedEntry = { id: string; user_id: string; user_email: string; activity_type: string; activity_data: Record<string, unknown>; created_at: string };
type BoardEntry = { rank: number; user_id: string; name: string; points: number; quizzes: number; is_me?: boolean };

const DAY = 86_400_000;

function envelope(detailType: string, detail: Record<string, unknown>) {
  return { version: '0', id: randomUUID(), 'detail-type': detailType, source: 'quizquest', account: '000000000000', time: new Date().toISOString(), region: 'us-east-1', resources: [], detail };
}

function quizCompleted(who: Person, over: Partial<{ subject: string; level: string; score: number; total: number; points: number; completedAt: string; attemptId: string }> = {}) {
  return envelope('QuizCompleted', {
    attemptId: randomUUID(),
    userId: who.user_id,
    subject: 'geography',
    level: 'beginner',
    mode: 'competition',
    score: 8,
    total: 10,
    points: 120,
    timeSpentMs: 90_000,
    completedAt: new Date().toISOString(),
    timeZone: 'UTC',
    topics: [],
    ...over,
  });
}

async function befriend(a: Person, b: Person): Promise<void> {
  expect(parse(await sendRequest(httpEvent({ sub: a.user_id, body: { email: b.email } }))).status).toBe(201);
  expect(parse(await respondRequest(httpEvent({ sub: b.user_id, body: { accept: true }, path: { userId: a.user_id } }))).status).toBe(200);
}

const feedOf = async (who: Person): Promise<FeedEntry[]> => {
  const res = parse(await getFeed(httpEvent({ sub: who.user_id })));
  expect(res.status).toBe(200);
  return res.body.items;
};
const board = async (query: Record<string, string>) => parse(await getLeaderboard(httpEvent({ query })));
const friendBoard = async (who: Person, period: string): Promise<BoardEntry[]> => {
  const res = parse(await getFriendLeaderboard(httpEvent({ sub: who.user_id, query: { period } })));
  expect(res.status).toBe(200);
  return res.body.entries;
};

describe('activity feed', () => {
  it("shows a quiz to the player and their friends, never to a stranger", async () => {
    const [a, b, stranger] = await Promise.all([player(), player(), player()]);
    await befriend(a, b);
    const quiz = quizCompleted(a, { subject: 'history', level: 'advanced', score: 7, total: 10 });
    await writeFeedItems(quiz);

    for (const reader of [a, b]) {
      const items = await feedOf(reader);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        user_id: a.user_id,
        user_email: a.email,
        activity_type: 'quiz_completed',
        activity_data: { subject: 'history', level: 'advanced', score: 7, total_questions: 10 },
        created_at: quiz.detail.completedAt,
      });
    }
    expect(await feedOf(stranger)).toEqual([]);
    // No caller, no feed.
    expect(parse(await getFeed(httpEvent({}))).status).toBe(401);
  });

  it('writes one item for an event delivered twice, also at the same time', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    await befriend(a, b);
    const quiz = quizCompleted(a);
    await Promise.all([writeFeedItems(quiz), writeFeedItems(quiz)]);
    await writeFeedItems({ ...quiz, id: randomUUID() }); // a retry of the publisher: a new event id, the same attempt
    const achievement = envelope('AchievementUnlocked', { userId: a.user_id, achievementId: 'first_quiz', unlockedAt: new Date().toISOString() });
    await writeFeedItems(achievement);
    await writeFeedItems(achievement);
    const items = await feedOf(b);
    expect(items.map((i) => i.activity_type).sort()).toEqual(['achievement_unlocked', 'quiz_completed']);
    expect(items.find((i) => i.activity_type === 'achievement_unlocked')?.activity_data).toMatchObject({ achievement_id: 'first_quiz', achievement_name: 'First Steps' });
  });

  it("tells a finished challenge once, by the winner, to both players and the winner's friends", async () => {
    const [a, b, friendOfB, stranger] = await Promise.all([player(), player(), player(), player()]);
    await befriend(a, b);
    await befriend(friendOfB, b);
    const finished = envelope('ChallengeFinished', {
      challengeId: randomUUID(),
      challengerId: a.user_id,
      challengedId: b.user_id,
      subject: 'religion',
      level: 'beginner',
      challengerScore: { score: 3, total: 5 },
      challengedScore: { score: 4, total: 5 },
      winnerId: b.user_id,
      completedAt: new Date().toISOString(),
    });
    await writeFeedItems(finished);
    await writeFeedItems(finished);
    for (const reader of [a, b, friendOfB]) {
      const items = await feedOf(reader);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ user_id: b.user_id, activity_type: 'challenge_completed', activity_data: { result: 'won', opponent_email: a.email, score: 4, total_questions: 5 } });
    }
    expect(await feedOf(stranger)).toEqual([]);
  });

  it('tells a sent challenge to the challenger and their friends, once', async () => {
    const [a, b, stranger] = await Promise.all([player(), player(), player()]);
    await befriend(a, b);
    const sent = envelope('ChallengeSent', {
      challengeId: randomUUID(),
      challengerId: a.user_id,
      challengerEmail: a.email,
      challengedId: b.user_id,
      subject: 'geography',
      level: 'advanced',
      questionCount: 15,
      createdAt: new Date().toISOString(),
    });
    await writeFeedItems(sent);
    await writeFeedItems(sent);
    const items = await feedOf(b);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ user_id: a.user_id, activity_type: 'challenge_sent', activity_data: { subject: 'geography', level: 'advanced', total_questions: 15, opponent_email: b.email } });
    expect(await feedOf(stranger)).toEqual([]);
  });

  it('announces a 3-day streak once, and stops showing a removed friend', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    await befriend(a, b);
    const now = Date.now();
    for (const daysAgo of [2, 1, 0]) await writeFeedItems(quizCompleted(a, { completedAt: new Date(now - daysAgo * DAY).toISOString() }));
    await writeFeedItems(quizCompleted(a, { completedAt: new Date(now + 1000).toISOString() })); // a second round the same day
    const items = await feedOf(b);
    expect(items.filter((i) => i.activity_type === 'streak_milestone').map((i) => i.activity_data)).toEqual([{ days: 3 }]);
    expect(items.filter((i) => i.activity_type === 'quiz_completed')).toHaveLength(4);
    // Newest first.
    expect(items.map((i) => i.created_at)).toEqual([...items.map((i) => i.created_at)].sort().reverse());

    const { handler: removeFriend } = await import('../../functions/social/remove-friend.ts');
    expect(parse(await removeFriend(httpEvent({ sub: b.user_id, path: { userId: a.user_id } }))).status).toBeLessThan(300);
    expect(await feedOf(b)).toEqual([]);
  });
});

describe('leaderboards', () => {
  // The handler stack's table is shared with other test files: these players score far above anyone else.
  const HUGE = 50_000_000;

  it('ranks the week by pre-aggregated totals, by subject, counting an attempt once', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const first = quizCompleted(a, { subject: 'history', points: HUGE + 300 });
    await Promise.all([writeLeaderboardEntry(first), writeLeaderboardEntry(first)]);
    await writeLeaderboardEntry(quizCompleted(a, { subject: 'geography', points: 200 }));
    await writeLeaderboardEntry(quizCompleted(b, { subject: 'geography', points: HUGE + 400 }));

    const all = await board({}); // default: This Week, all subjects
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ period: 'week', subject: 'all' });
    const top = (all.body.entries as BoardEntry[]).filter((e) => [a.user_id, b.user_id].includes(e.user_id));
    expect(top.map((e) => [e.user_id, e.points, e.quizzes])).toEqual([
      [a.user_id, HUGE + 500, 2],
      [b.user_id, HUGE + 400, 1],
    ]);
    expect(all.body.entries[0].user_id).toBe(a.user_id);
    // Public: players are named without their address.
    expect(JSON.stringify(all.body)).not.toContain(a.email);
    expect(top[0]!.name).toBe(`${a.email.slice(0, 2)}•••`);

    const history = (await board({ subject: 'history', period: 'week' })).body.entries as BoardEntry[];
    expect(history.find((e) => e.user_id === a.user_id)?.points).toBe(HUGE + 300);
    expect(history.some((e) => e.user_id === b.user_id)).toBe(false);
    const geography = (await board({ subject: 'geography', period: 'day' })).body.entries as BoardEntry[];
    expect(geography.find((e) => e.user_id === b.user_id)?.rank).toBe(1);
    expect(geography.find((e) => e.user_id === a.user_id)?.points).toBe(200);

    expect((await board({ period: 'year' })).status).toBe(400);
    expect((await board({ subject: 'math' })).status).toBe(400);
  });

  it('keeps periods apart: an attempt of 40 days ago counts for All Time only', async () => {
    const a = await player();
    const old = new Date(Date.now() - 40 * DAY);
    await writeLeaderboardEntry(quizCompleted(a, { points: HUGE * 2, completedAt: old.toISOString() }));
    const ids = async (period: string) => ((await board({ period })).body.entries as BoardEntry[]).map((e) => e.user_id);
    expect(await ids('all')).toContain(a.user_id);
    for (const period of ['day', 'week', 'month']) expect(await ids(period)).not.toContain(a.user_id);
    expect(periodBucket('month', old)).not.toBe(periodBucket('month', new Date()));
  });

  it('ranks the user and accepted friends only, per period', async () => {
    const [me, friend, pending, stranger] = await Promise.all([player(), player(), player(), player()]);
    await befriend(me, friend);
    expect(parse(await sendRequest(httpEvent({ sub: me.user_id, body: { email: pending.email } }))).status).toBe(201);
    await writeLeaderboardEntry(quizCompleted(me, { points: 100 }));
    await writeLeaderboardEntry(quizCompleted(friend, { points: 250 }));
    await writeLeaderboardEntry(quizCompleted(friend, { points: 900, completedAt: new Date(Date.now() - 40 * DAY).toISOString() }));
    await writeLeaderboardEntry(quizCompleted(pending, { points: 5000 }));
    await writeLeaderboardEntry(quizCompleted(stranger, { points: 5000 }));

    expect((await friendBoard(me, 'week')).map((e) => [e.rank, e.user_id, e.name, e.points, e.is_me])).toEqual([
      [1, friend.user_id, friend.email, 250, false],
      [2, me.user_id, me.email, 100, true],
    ]);
    expect((await friendBoard(me, 'all')).map((e) => e.points)).toEqual([1150, 100]);
    // The friend sees the same two players; someone with no friends sees themselves, at 0.
    expect((await friendBoard(friend, 'month')).map((e) => e.user_id)).toEqual([friend.user_id, me.user_id]);
    expect(await friendBoard(stranger, 'week')).toMatchObject([{ user_id: stranger.user_id, points: 5000, rank: 1 }]);
    const fresh = await player();
    expect(await friendBoard(fresh, 'week')).toMatchObject([{ user_id: fresh.user_id, points: 0, quizzes: 0, rank: 1 }]);
    expect(parse(await getFriendLeaderboard(httpEvent({ query: { period: 'week' } }))).status).toBe(401);
  });
});

describe('deleting an account', () => {
  it("removes its feed copies in friends' feeds, activities that name it, its totals and marks", { timeout: 30_000 }, async () => {
    const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
    const { documentClient } = await import('../../functions/lib/clients.ts');
    const { deleteAccountData } = await import('../../functions/profile/data/account-data.ts');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('../../functions/data/table-design.ts');
    const putAttempt = (userId: string, completedAt: string, attemptId: string) =>
      documentClient().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...keys.attempt(userId, completedAt, attemptId), type: 'attempt' } }));
    const [gone, friend, rival] = await Promise.all([player(), player(), player()]);
    await befriend(gone, friend);
    await befriend(rival, gone);
    const now = Date.now();
    for (const daysAgo of [2, 1, 0]) {
      const completedAt = new Date(now - daysAgo * DAY).toISOString();
      const attemptId = randomUUID();
      const quiz = quizCompleted(gone, { completedAt, attemptId });
      // The attempt as the round's end writes it: deletion finds the attempt's leaderboard entry by it.
      await putAttempt(gone.user_id, completedAt, attemptId);
      await writeFeedItems(quiz);
      await writeLeaderboardEntry(quiz);
    }
    // The rival won a challenge against the account: the item names it in the rival's and the friend's feeds.
    await writeFeedItems(
      envelope('ChallengeFinished', {
        challengeId: randomUUID(),
        challengerId: rival.user_id,
        challengedId: gone.user_id,
        subject: 'history',
        level: 'beginner',
        challengerScore: { score: 5, total: 5 },
        challengedScore: { score: 1, total: 5 },
        winnerId: rival.user_id,
        completedAt: new Date().toISOString(),
      }),
    );
    expect((await feedOf(friend)).map((i) => i.activity_type).sort()).toEqual(['quiz_completed', 'quiz_completed', 'quiz_completed', 'streak_milestone']);
    expect((await feedOf(rival)).map((i) => i.activity_type)).toContain('challenge_completed');

    await deleteAccountData(gone.user_id, gone.email);

    const left: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(new ScanCommand({ TableName: process.env.TABLE_NAME, ExclusiveStartKey: start }));
      for (const item of page.Items ?? []) {
        const text = JSON.stringify(item);
        // This area's items (feed copies, totals, entries, marks); other areas' are the account-deletion test's.
        const ours = /^(FEED|LBT|FEEDMARK)#/.test(String(item.sk)) || String(item.pk).startsWith('LBE#');
        if (ours && (text.includes(gone.user_id) || text.includes(gone.email))) left.push(`${String(item.pk)} ${String(item.sk)}`);
      }
      start = page.LastEvaluatedKey;
    } while (start);
    expect(left).toEqual([]);
    expect(await feedOf(friend)).toEqual([]);
    expect((await feedOf(rival)).map((i) => i.activity_type)).not.toContain('challenge_completed');
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { useLocalStack } from '../support/handler-env.ts';
import { player } from '../support/players.ts';

useLocalStack();
const { handler: updateProgress } = await import('../../functions/quiz/update-progress.ts');
const { handler: updateStreak } = await import('../../functions/quiz/update-streak.ts');
const { handler: writeLeaderboardEntry } = await import('../../functions/activity/write-leaderboard-entry.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { keys } = await import('../../functions/data/table-design.ts');
const { achievements } = await import('../../functions/quiz/data/learner.ts');

type Detail = {
  attemptId: string;
  userId: string;
  subject: 'history' | 'geography' | 'religion';
  level: 'beginner' | 'advanced' | 'expert';
  mode: 'practice' | 'competition';
  score: number;
  total: number;
  points: number;
  timeSpentMs: number;
  completedAt: string;
  timeZone: string;
  topics: { subject: 'history' | 'geography' | 'religion'; topic: string; correct: number; total: number }[];
};

function quizCompleted(userId: string, overrides: Partial<Detail> = {}) {
  const detail: Detail = {
    attemptId: randomUUID().replace(/-/g, ''),
    userId,
    subject: 'history',
    level: 'beginner',
    mode: 'practice',
    score: 8,
    total: 10,
    points: 100,
    timeSpentMs: 200_000,
    completedAt: '2026-11-20T10:00:00.000Z',
    timeZone: 'UTC',
    topics: [{ subject: 'history', topic: 'medieval', correct: 8, total: 10 }],
    ...overrides,
  };
  return { version: '0', id: randomUUID(), 'detail-type': 'QuizCompleted', source: 'quizquest', account: '0', time: detail.completedAt, region: 'us-east-1', resources: [], detail };
}

const item = async (key: Record<string, string>) =>
  (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key, ConsistentRead: true }))).Item;

describe('QuizCompleted consumers are idempotent', () => {
  it('progress counts an attempt once however often it is delivered', async () => {
    const me = await player();
    const event = quizCompleted(me.user_id);
    await updateProgress(event);
    await Promise.all([updateProgress(event), updateProgress({ ...event, id: randomUUID() })]);
    const progress = await item(keys.progress(me.user_id, 'history', 'beginner'));
    expect(progress).toMatchObject({ quizzes: 1, correct_answers: 8, total_questions: 10, points: 100, score_sum: 80 });
    expect(await item(keys.stats(me.user_id))).toMatchObject({ attempts: 1, points: 100 });
  });

  it('unlocks achievements once and keeps the first unlock time', async () => {
    const me = await player();
    const perfect = quizCompleted(me.user_id, { score: 10, points: 150, timeSpentMs: 60_000 });
    await updateProgress(perfect);
    await updateProgress(perfect);
    const unlocked = (await achievements(me.user_id)).map((a) => a.achievement_id).sort();
    expect(unlocked).toEqual(['first_quiz', 'history_buff', 'perfect_score', 'quick_thinker', 'speed_demon']);
  });

  it('counts the streak from the set of days, whatever the delivery order', async () => {
    const me = await player();
    const days = ['2026-11-18', '2026-11-20', '2026-11-19', '2026-11-20', '2026-11-18'];
    for (const day of days) await updateStreak(quizCompleted(me.user_id, { completedAt: `${day}T12:00:00.000Z` }));
    expect(await item(keys.streak(me.user_id))).toMatchObject({ current: 3, day: '2026-11-20' });
    expect((await achievements(me.user_id)).map((a) => a.achievement_id)).toContain('streak_3');
  });

  it('uses the player’s time zone for the calendar day', async () => {
    const me = await player();
    // 23:30 UTC on the 19th is already the 20th in Tokyo.
    await updateStreak(quizCompleted(me.user_id, { completedAt: '2026-11-19T23:30:00.000Z', timeZone: 'Asia/Tokyo' }));
    expect(await item(keys.activeDay(me.user_id, '2026-11-20'))).toBeDefined();
  });

  it('queues one streak reminder when the streak reaches 5', async () => {
    const me = await player();
    for (const day of ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']) {
      const event = quizCompleted(me.user_id, { completedAt: `${day}T12:00:00.000Z` });
      await updateStreak(event);
      await updateStreak(event);
    }
    const { Items } = await documentClient().send(
      new QueryCommand({
        TableName: process.env.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': `USER#${me.user_id}`, ':p': 'NOTIF#' },
      }),
    );
    // The streak_3 achievement reaches the bell too (through the bus): count the streak reminders.
    const reminders = (Items ?? []).filter((item) => item.kind === 'streak');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ title: '5-day streak', message: '5 days in a row! Keep your streak alive with a quiz today.' });
  });

  it('writes one leaderboard entry per attempt', async () => {
    const me = await player();
    const event = quizCompleted(me.user_id, { points: 120 });
    await writeLeaderboardEntry(event);
    await writeLeaderboardEntry(event);
    const { Items } = await documentClient().send(
      new QueryCommand({
        TableName: process.env.TABLE_NAME,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        FilterExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':pk': 'LB#all#2026-11', ':u': me.user_id },
      }),
    );
    expect(Items).toHaveLength(1);
    expect(Items![0]).toMatchObject({ points: 120, gsi2sk: '0000120#2026-11-20T10:00:00.000Z' });
  });

  it('refuses an event whose detail does not match the catalogue', async () => {
    const me = await player();
    await expect(updateProgress({ ...quizCompleted(me.user_id), detail: { userId: me.user_id } })).rejects.toThrow();
  });
});

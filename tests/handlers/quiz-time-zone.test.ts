import { describe, expect, it } from 'vitest';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { eventsDelivered, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

useLocalStack();
const { handler: startRound } = await import('../../functions/quiz/start-round.ts');
const { handler: answerQuestion } = await import('../../functions/quiz/answer-question.ts');
const { handler: getProgress } = await import('../../functions/quiz/get-progress.ts');
const { getRound } = await import('../../functions/quiz/data/rounds.ts');
const { getProfile } = await import('../../functions/profile/data/profiles.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { keys } = await import('../../functions/data/table-design.ts');

/** UTC+14 and UTC−10, neither with daylight saving: at any instant their calendar days differ by exactly one. */
const KIRITIMATI = 'Pacific/Kiritimati';
const HONOLULU = 'Pacific/Honolulu';

/** Starts a 5-question round with `timeZone` and answers it to the end; returns the round id. */
async function playRound(sub: string, timeZone: string): Promise<string> {
  const { status, body: round } = parse(await startRound(httpEvent({ sub, body: { subject: 'history', level: 'beginner', questionCount: 5, timeZone } })));
  expect(status).toBe(201);
  for (const q of round.questions as { id: string; options: string[] }[]) {
    const answered = parse(await answerQuestion({ ...httpEvent({ sub, body: { questionId: q.id, answer: q.options[0] } }), pathParameters: { roundId: round.roundId } }));
    expect(answered.status).toBe(200);
  }
  return round.roundId as string;
}

const item = async (key: Record<string, string>) => (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key, ConsistentRead: true }))).Item;

async function activeDays(userId: string): Promise<string[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: process.env.TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :day)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':day': 'DAY#' },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((i) => String(i.day));
}

describe('the streak counts days in the account’s time zone', () => {
  it('two rounds minutes apart sent with different zones count as one day: streak 1', async () => {
    const me = await player();
    const first = await playRound(me.user_id, KIRITIMATI);
    const second = await playRound(me.user_id, HONOLULU);

    // Both QuizCompleted events consumed (the streak consumer of the second too): one active day, streak 1.
    await eventsDelivered();
    expect((await item(keys.stats(me.user_id)))?.attempts).toBe(2);
    expect(await item(keys.streak(me.user_id))).toMatchObject({ current: 1 });
    expect(await activeDays(me.user_id)).toHaveLength(1);

    // Both rounds counted in the zone the first one set on the profile.
    expect((await getRound(me.user_id, first))!.timeZone).toBe(KIRITIMATI);
    expect((await getRound(me.user_id, second))!.timeZone).toBe(KIRITIMATI);
    expect(await getProfile(me.user_id)).toMatchObject({ time_zone: KIRITIMATI });
    // The dashboard counts in the account's zone too, whatever the browser says.
    const progress = parse(await getProgress(httpEvent({ sub: me.user_id, query: { tz: HONOLULU } })));
    expect(progress.body.totals.streak).toBe(1);
  });

  it('a zone set more than a day ago moves with the player', async () => {
    const me = await player({ time_zone: KIRITIMATI, time_zone_changed_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() });
    const roundId = await playRound(me.user_id, HONOLULU);
    expect((await getRound(me.user_id, roundId))!.timeZone).toBe(HONOLULU);
    expect(await getProfile(me.user_id)).toMatchObject({ time_zone: HONOLULU });
    // …and then holds for a day again.
    const next = await playRound(me.user_id, KIRITIMATI);
    expect((await getRound(me.user_id, next))!.timeZone).toBe(HONOLULU);
  });

  it('rounds started at once with different zones agree on one', async () => {
    const me = await player();
    const started = await Promise.all(
      [KIRITIMATI, HONOLULU, 'Europe/Paris', 'Asia/Tokyo'].map(async (timeZone) => parse(await startRound(httpEvent({ sub: me.user_id, body: { subject: 'history', level: 'beginner', questionCount: 5, timeZone } })))),
    );
    expect(started.map((s) => s.status)).toEqual([201, 201, 201, 201]);
    const zones = await Promise.all(started.map(async (s) => (await getRound(me.user_id, s.body.roundId))!.timeZone));
    const stored = (await getProfile(me.user_id))!.time_zone;
    expect(zones).toEqual([stored, stored, stored, stored]);
  });
});

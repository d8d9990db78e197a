import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { OFFLINE, OFFLINE_MESSAGES as M, type OfflinePack } from '../../shared/offline/offline.ts';
import { RATE_RULES } from '../../shared/rate-limit.ts';
import { eventsDelivered, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';

/** Offline quizzes (docs/quiz.md: premium offline_mode): packs with the answer key, results graded by the server, counted once. */
useLocalStack();
const { handler: download } = await import('../../functions/offline/download-pack.ts');
const { handler: submit } = await import('../../functions/offline/submit-attempt.ts');
const { recentAttempts, learnerTotals } = await import('../../functions/quiz/data/learner.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { keys } = await import('../../functions/data/table-design.ts');

type Person = Awaited<ReturnType<typeof player>>;
const DAY = 24 * 60 * 60 * 1000;
const call = async (h: typeof download, who: Person, body: Record<string, unknown>) => parse(await h(httpEvent({ sub: who.user_id, body })));
const fetchPack = async (who: Person, subject = 'geography', level = 'beginner') => {
  const answer = await call(download, who, { subject, level });
  expect(answer.status).toBe(201);
  return answer.body.pack as OfflinePack;
};
/** Answers the first `right` questions correctly and the others wrongly. */
const answersFor = (pack: OfflinePack, right: number) =>
  pack.questions.map((q, i) => ({ questionId: q.id, answer: i < right ? q.correct_answer : q.options.find((o) => o !== q.correct_answer)! }));
const result = (pack: OfflinePack, extra: Record<string, unknown> = {}) => {
  const completedAt = Date.now() - 60_000;
  return { packId: pack.packId, clientAttemptId: randomUUID(), answers: answersFor(pack, 7), startedAt: completedAt - 5 * 60_000, completedAt, timeZone: 'UTC', ...extra };
};

describe('offline packs', () => {
  it('a premium student downloads 10 questions with their answer key; a free student gets 403 and no questions', async () => {
    const me = await player(premium);
    const pack = await fetchPack(me, 'history', 'expert');
    expect(pack).toMatchObject({ id: 'history_expert', subject: 'history', level: 'expert' });
    expect(pack.questions).toHaveLength(10);
    for (const q of pack.questions) expect(q.options).toContain(q.correct_answer);
    expect(Date.parse(pack.downloadedAt)).toBeGreaterThan(Date.now() - 60_000);

    const free = await player();
    const refused = await call(download, free, { subject: 'geography', level: 'beginner' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(M.premiumRequired);
    expect(JSON.stringify(refused.body)).not.toContain('correct_answer');

    const parent = await player({ ...premium, role: 'parent' });
    expect((await call(download, parent, { subject: 'geography', level: 'beginner' })).status).toBe(403);
    expect((await call(download, me, { subject: 'maths', level: 'beginner' })).status).toBe(400);
  });

  it('a trial that has not ended downloads; a free account cannot send a result either', async () => {
    const trial = await player({ metadata: { trial_active: true, trial_ends: new Date(Date.now() + DAY).toISOString() } });
    const pack = await fetchPack(trial);
    const free = await player();
    const refused = await call(submit, free, result(pack));
    expect(refused.status).toBe(403);
    expect(await recentAttempts(free.user_id, 5)).toEqual([]);
  });

  it('downloads are rate limited per account', async () => {
    const me = await player(premium);
    const answers: { status: number; body: { pack?: unknown; error?: { message: string } } }[] = [];
    // 41 requests span at most two fixed windows, so one of them holds more than 20 wherever its boundary falls.
    for (let i = 0; i < 2 * RATE_RULES.offlineDownload.max + 1; i++) answers.push(await call(download, me, { subject: 'religion', level: 'beginner' }));
    expect(answers.slice(0, 1).map((a) => a.status)).toEqual([201]);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body).toEqual({ error: expect.objectContaining({ message: RATE_RULES.offlineDownload.message }) });
    expect(answers.filter((a) => a.status === 201).length).toBeLessThanOrEqual(2 * RATE_RULES.offlineDownload.max);
  });
});

describe('offline results', () => {
  it('are graded by the server against the issued pack (the device score is not read) and recorded on the day played', async () => {
    const me = await player(premium);
    const pack = await fetchPack(me);
    // Downloaded three days ago, played two days ago, sent now.
    await documentClient().send(new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: keys.offlinePack(me.user_id, pack.packId), UpdateExpression: 'SET issuedAt = :at', ExpressionAttributeValues: { ':at': Date.now() - 3 * DAY } }));
    const playedAt = Date.now() - 2 * DAY;
    const sent = await call(submit, me, { ...result(pack, { completedAt: playedAt, startedAt: playedAt - 4 * 60_000 }), localScore: 10, score: 10 });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ score: 7, total: 10, percentage: 70, clamped: false, duplicate: false, completedAt: new Date(playedAt).toISOString() });

    const attempts = await recentAttempts(me.user_id, 5);
    expect(attempts).toEqual([expect.objectContaining({ attemptId: sent.body.attemptId, score: 7, total_questions: 10, completed_at: new Date(playedAt).toISOString(), time_spent: 4 * 60_000, points: sent.body.points })]);
  });

  it('a wrong answer sent as the key, or answers to questions not in the pack, score nothing', async () => {
    const me = await player(premium);
    const pack = await fetchPack(me);
    const forged = pack.questions.map((q) => ({ questionId: `${q.id}x`, answer: q.correct_answer }));
    const sent = await call(submit, me, result(pack, { answers: forged }));
    expect(sent.body).toMatchObject({ score: 0, total: 10 });
  });

  it('a resend of the same attempt counts once, also when sent twice at once', async () => {
    const me = await player(premium);
    const pack = await fetchPack(me);
    const body = result(pack);
    const first = await call(submit, me, body);
    const again = await call(submit, me, body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ attemptId: first.body.attemptId, score: 7, duplicate: true });

    const other = await fetchPack(me);
    const twice = result(other);
    const both = await Promise.all([call(submit, me, twice), call(submit, me, twice)]);
    expect(both.map((a) => a.status).every((s) => s < 300)).toBe(true);
    expect(both[0]!.body.attemptId).toBe(both[1]!.body.attemptId);

    const attempts = await recentAttempts(me.user_id, 10);
    expect(attempts.map((a) => a.attemptId).sort()).toEqual([first.body.attemptId, both[0]!.body.attemptId].sort());
    // QuizCompleted went on the bus once per attempt: the learner's totals count two attempts.
    await expect.poll(async () => (await learnerTotals(me.user_id)).attempts, { timeout: 10_000, interval: 250 }).toBe(2);
  });

  it('an issued pack counts once: a replay under a new attempt id is refused (409) and adds no points, also when replays race', async () => {
    const me = await player(premium);
    const pack = await fetchPack(me);
    const firstPlay = result(pack, { answers: answersFor(pack, 10) });
    const first = await call(submit, me, firstPlay);
    expect(first.status).toBe(201);
    await expect.poll(async () => (await learnerTotals(me.user_id)).points, { timeout: 10_000, interval: 250 }).toBe(first.body.points);

    const replay = await call(submit, me, result(pack, { answers: answersFor(pack, 10) }));
    expect(replay.status).toBe(409);
    expect(replay.body.error).toMatchObject({ code: 'pack_already_counted', message: M.packAlreadyCounted });
    // Ten replays at once: none counts.
    const racing = await Promise.all(Array.from({ length: 10 }, () => call(submit, me, result(pack, { answers: answersFor(pack, 10) }))));
    expect(racing.map((a) => a.status)).toEqual(Array(10).fill(409));
    // The outbox's retry of the first play still answers its original result.
    const retry = await call(submit, me, firstPlay);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ attemptId: first.body.attemptId, points: first.body.points, duplicate: true });

    // Every event delivered (the retry's too, had it published again): the totals are final.
    await eventsDelivered();
    expect((await recentAttempts(me.user_id, 20)).map((a) => a.attemptId)).toEqual([first.body.attemptId]);
    expect(await learnerTotals(me.user_id)).toEqual({ attempts: 1, points: first.body.points });
  });

  it('at most 20 offline results count a day (a pack carries its key): the 21st is 429 and kept for tomorrow', async () => {
    const me = await player(premium);
    const day = new Date().toISOString().slice(0, 10);
    await documentClient().send(
      new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `USER#${me.user_id}`, sk: `OFFLINEDAY#${day}` }, UpdateExpression: 'SET used = :n', ExpressionAttributeValues: { ':n': OFFLINE.countedPerDay - 1 } }),
    );
    const [last, over] = [await fetchPack(me), await fetchPack(me)];
    expect((await call(submit, me, result(last, { answers: answersFor(last, 10) }))).status).toBe(201);
    const refused = await call(submit, me, result(over, { answers: answersFor(over, 10) }));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(M.dailyLimit);
    expect(await recentAttempts(me.user_id, 5)).toHaveLength(1);
    // Tomorrow the same result counts (the refused one did not use the pack up).
    const counter = { pk: `USER#${me.user_id}`, sk: `OFFLINEDAY#${day}` };
    await documentClient().send(new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: counter, UpdateExpression: 'SET used = :n', ExpressionAttributeValues: { ':n': 0 } }));
    expect((await call(submit, me, result(over))).status).toBe(201);
  });

  it('of two different plays of one pack sent at once, exactly one counts', async () => {
    const me = await player(premium);
    const pack = await fetchPack(me);
    const both = await Promise.all([call(submit, me, result(pack)), call(submit, me, result(pack))]);
    expect(both.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await recentAttempts(me.user_id, 5)).toHaveLength(1);
  });

  it('an 8-day-old completion is refused; a future one is clamped to the server clock', async () => {
    const me = await player(premium);
    const pack = await fetchPack(me);
    const old = await call(submit, me, result(pack, { completedAt: Date.now() - 8 * DAY, startedAt: Date.now() - 8 * DAY - 60_000 }));
    expect(old.status).toBe(400);
    expect(old.body.error.message).toBe(M.tooOld);

    const before = Date.now();
    // The refused result did not use the pack up.
    const future = await call(submit, me, result(pack, { completedAt: Date.now() + DAY, startedAt: Date.now() + DAY - 60_000 }));
    expect(future.status).toBe(201);
    expect(future.body.clamped).toBe(true);
    expect(Date.parse(future.body.completedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(future.body.completedAt)).toBeLessThanOrEqual(Date.now());
    expect((await recentAttempts(me.user_id, 5)).map((a) => a.attemptId)).toEqual([future.body.attemptId]);
  });

  it('another user’s pack is not found, and nothing is recorded', async () => {
    const [owner, other] = await Promise.all([player(premium), player(premium)]);
    const pack = await fetchPack(owner);
    const refused = await call(submit, other, result(pack));
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe(M.packNotFound);
    expect(JSON.stringify(refused.body)).not.toContain('correct_answer');
    expect(await recentAttempts(other.user_id, 5)).toEqual([]);
    expect(await recentAttempts(owner.user_id, 5)).toEqual([]);
  });
});

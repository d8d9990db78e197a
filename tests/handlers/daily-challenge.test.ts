import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { scheduledEvent, SCHEDULES } from '../../events/schedules.ts';
import { nextFireTime } from '../../infra/local/cron.ts';
import { LEVELS, SUBJECTS } from '../../shared/constants.ts';
import { addDays, localDate } from '../../shared/dates.ts';
import { DAILY_BONUS_POINTS, DAILY_MESSAGES as M, datesFrom, dailyPlan, type DailyChallenge } from '../../shared/social/daily-challenge.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';

/**
 * The daily challenge through its handlers and the quiz routes that grade it: generation
 * (scheduled, ensure_today, the admin's upcoming days), play graded by the server, the
 * bonus and daily streak (docs/social.md), and one completion per day.
 */
useLocalStack();
const { handler: getToday } = await import('../../functions/daily/get-today.ts');
const { handler: getChallenge } = await import('../../functions/daily/get-challenge.ts');
const { handler: startDaily } = await import('../../functions/daily/start-challenge.ts');
const { handler: generateUpcoming } = await import('../../functions/daily/generate-upcoming.ts');
const { handler: scheduledJob } = await import('../../functions/daily/generate-daily-challenges.ts');
const { handler: answerQuestion } = await import('../../functions/quiz/answer-question.ts');
const { ensureDailyChallenges } = await import('../../functions/daily/generate-challenges.ts');
const { getDailyChallenge } = await import('../../functions/daily/data/daily-challenges.ts');
const { learnerTotals } = await import('../../functions/quiz/data/learner.ts');
const { putProfile } = await import('../../functions/profile/data/profiles.ts');
const { deleteAccountData } = await import('../../functions/profile/data/account-data.ts');
const { keys } = await import('../../functions/data/table-design.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { env } = await import('../../functions/lib/env.ts');

type Person = Awaited<ReturnType<typeof player>>;
type PlayRound = { roundId: string; questions: { id: string; options: string[] }[] };

const todayUtc = () => new Date().toISOString().slice(0, 10);
const yesterdayUtc = () => addDays(todayUtc(), -1);

const today = async (who: Person) => parse(await getToday(httpEvent({ sub: who.user_id, query: { timeZone: 'UTC' } })));
const view = async (who: Person, id: string) => parse(await getChallenge(httpEvent({ sub: who.user_id, path: { challengeId: id } })));
const start = async (who: Person, id: string) => parse(await startDaily(httpEvent({ sub: who.user_id, body: { timeZone: 'UTC' }, path: { challengeId: id } })));
const answer = async (who: Person, roundId: string, body: Record<string, unknown>) =>
  parse(await answerQuestion({ ...httpEvent({ sub: who.user_id, body }), pathParameters: { roundId } }));

/** Plays a started round to its end, answering correctly the first `right` questions. */
async function play(who: Person, challenge: DailyChallenge, round: PlayRound, right: number) {
  const stored = await getDailyChallenge(challenge.date, challenge.level);
  let last: ReturnType<typeof parse> | undefined;
  for (const [i, question] of round.questions.entries()) {
    const key = stored!.questions[i]!.correct_answer;
    last = await answer(who, round.roundId, { questionId: question.id, answer: i < right ? key : question.options.find((o) => o !== key)! });
    expect(last.status).toBe(200);
  }
  return last!.body.result as { points: number; score: number; daily: { bonus: number; streak: number } };
}

async function setStreak(who: Person, day: string, streak: number) {
  await documentClient().send(new PutCommand({ TableName: env().TABLE_NAME, Item: { ...keys.dailyStreak(who.user_id), type: 'daily-streak', day, streak } }));
}

/** Today's challenge for a fresh player, started. */
async function started(who: Person) {
  const { body } = await today(who);
  const challenge = body.challenge as DailyChallenge;
  const round = await start(who, challenge.id);
  expect(round.status).toBe(201);
  return { challenge, round: round.body.round as PlayRound };
}

describe('daily challenge generation', () => {
  it('balances nine consecutive days over every subject and level, and generating again changes nothing', async () => {
    const dates = datesFrom('2091-03-01', 9);
    expect(await ensureDailyChallenges(dates, new Date())).toBe(27); // one per level and day
    const pairs = new Set(dates.map((d) => `${dailyPlan(d).subject}/${dailyPlan(d).level}`));
    expect(pairs.size).toBe(SUBJECTS.length * LEVELS.length);

    const first = await getDailyChallenge(dates[0]!, 'expert');
    expect(first).toMatchObject({ id: `${dates[0]}-expert`, subject: dailyPlan(dates[0]!).subject, level: 'expert', question_count: 5, bonus_points: DAILY_BONUS_POINTS.expert });
    expect(new Set(first!.questions.map((q) => q.id)).size).toBe(5);
    expect(first!.questions.every((q) => q.level === 'expert')).toBe(true);

    expect(await ensureDailyChallenges(dates, new Date())).toBe(0);
    expect((await getDailyChallenge(dates[0]!, 'expert'))!.questions.map((q) => q.id)).toEqual(first!.questions.map((q) => q.id));
  });

  it('the 00:05 job makes the day and the next, once', async () => {
    // When both hosts fire it: the schedule table's expression, read by the local scheduler's parser.
    const job = SCHEDULES['generate-daily-challenges'];
    const due = nextFireTime(job.cron, Date.parse('2092-05-09T23:00:00Z'))!;
    expect(new Date(due).toISOString()).toBe('2092-05-10T00:05:00.000Z');
    const event = scheduledEvent('generate-daily-challenges', job, due);
    expect(await scheduledJob(event)).toEqual({ created: 6 });
    expect(await scheduledJob(event)).toEqual({ created: 0 });
    expect(await getDailyChallenge('2092-05-11', 'beginner')).toBeDefined();
    expect(await getDailyChallenge('2092-05-12', 'beginner')).toBeUndefined();
  });

  it('ensure_today answers the caller\'s challenge of the day without its questions; a free player gets beginner', async () => {
    const free = await player();
    const { status, body } = await today(free);
    expect(status).toBe(200);
    expect(body.challenge).toMatchObject({ id: `${todayUtc()}-beginner`, date: todayUtc(), level: 'beginner', subject: dailyPlan(todayUtc()).subject, question_count: 5, bonus_points: 50 });
    expect(body.progress).toBeNull();
    expect(JSON.stringify(body)).not.toMatch(/correct_answer|"questions"/);

    const paying = await player(premium);
    expect((await today(paying)).body.challenge.level).toBe(dailyPlan(todayUtc()).level);
  });

  it('generate_upcoming is for admins only and prepares the next 7 days', async () => {
    const student = await player();
    expect(parse(await generateUpcoming(httpEvent({ sub: student.user_id, body: {} }))).status).toBe(403);
    expect(parse(await generateUpcoming(httpEvent({ body: {} }))).status).toBe(401);
    const admin = await player({ role: 'admin' });
    const { status, body } = await parse(await generateUpcoming(httpEvent({ sub: admin.user_id, body: {} })));
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.dates).toHaveLength(7);
    expect(body.dates[0] > todayUtc()).toBe(true);
    for (const date of body.dates) for (const level of LEVELS) expect(await getDailyChallenge(date, level)).toBeDefined();
    expect(parse(await generateUpcoming(httpEvent({ sub: admin.user_id, body: {} }))).body.created).toBe(0);
  });
});

describe('playing the daily challenge', () => {
  it('is graded by the server with no answer key before answering, earns its bonus as points, and is done for the day', async () => {
    const student = await player();
    const { challenge, round } = await started(student);
    expect(round.questions).toHaveLength(5);
    expect(JSON.stringify(round)).not.toMatch(/correct_answer|explanation|topic/);
    expect((await view(student, challenge.id)).body.progress).toMatchObject({ completed: false, challenge_date: todayUtc() });

    const result = await play(student, challenge, round, 5);
    expect(result.daily).toEqual({ bonus: 50, streak: 1 });
    expect((await view(student, challenge.id)).body.progress).toMatchObject({ completed: true, score: 5, total_questions: 5, bonus_earned: 50, streak_count: 1, round_points: result.points - 50 });
    // The bonus counts like any points: the learner's total comes from QuizCompleted.
    await expect.poll(async () => (await learnerTotals(student.user_id)).points).toBe(result.points);

    const again = await start(student, challenge.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(M.alreadyCompleted);
    expect((await today(student)).body.progress).toMatchObject({ completed: true, bonus_earned: 50 });
  });

  it.each([
    // streak before (yesterday), correct of 5 → streak, bonus (beginner: 50 bonus points)
    [undefined, 3, 1, 0], // 60 %: nothing
    [6, 4, 7, 25 + 25], // 80 %: half, and the 7-day bonus
    [13, 5, 14, 50 + 25 + 50], // cumulative at 14
    [29, 5, 30, 50 + 175], // all three at 30
  ])('a streak of %s yesterday and %i right make a streak of %i and a bonus of %i', async (before, right, streak, bonus) => {
    const student = await player();
    if (before !== undefined) await setStreak(student, yesterdayUtc(), before);
    const { challenge, round } = await started(student);
    expect((await play(student, challenge, round, right)).daily).toEqual({ bonus, streak });
    expect((await view(student, challenge.id)).body.progress).toMatchObject({ bonus_earned: bonus, streak_count: streak, score: right });
  });

  it('counts the day and the streak in the player\'s time zone, which a request cannot hop', async () => {
    // UTC+14 and UTC-11 are 25 hours apart: their dates always differ.
    const [east, west] = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    const student = await player();
    const local = localDate(new Date(), east);
    await setStreak(student, addDays(local, -1), 2);
    const { body } = parse(await getToday(httpEvent({ sub: student.user_id, query: { timeZone: east } })));
    expect(body.challenge.date).toBe(local);
    const started = parse(await startDaily(httpEvent({ sub: student.user_id, body: { timeZone: east }, path: { challengeId: body.challenge.id } })));
    expect(started.status).toBe(201);
    expect((await play(student, body.challenge, started.body.round, 5)).daily).toEqual({ bonus: 50, streak: 3 });

    // The account keeps its zone for a day: another zone right after still sees the same, completed day.
    const hopped = parse(await getToday(httpEvent({ sub: student.user_id, query: { timeZone: west } })));
    expect(hopped.body.challenge.date).toBe(local);
    expect(hopped.body.progress).toMatchObject({ completed: true });
    const westId = `${localDate(new Date(), west)}-beginner`;
    await ensureDailyChallenges([westId.slice(0, 10)], new Date());
    expect(parse(await startDaily(httpEvent({ sub: student.user_id, body: { timeZone: west }, path: { challengeId: westId } }))).body.error.message).toBe(M.notToday);
  });

  it('a day played at one level stays that day\'s, even when the plan changes after', async () => {
    const student = await player();
    const { challenge, round } = await started(student);
    await play(student, challenge, round, 5);
    await ensureDailyChallenges([challenge.date], new Date());
    // Another level's challenge of the same day shows none of this play.
    expect((await view(student, `${challenge.date}-expert`)).body.progress).toBeNull();
    // Premium now: the card still shows the challenge played today, completed, and the day stays done.
    await putProfile({ ...student, ...premium });
    const after = await today(student);
    expect(after.body.challenge.id).toBe(challenge.id);
    expect(after.body.progress).toMatchObject({ completed: true });
    const level = dailyPlan(challenge.date).level;
    expect((await start(student, `${challenge.date}-${level}`)).status).toBe(409);
  });

  it('a streak whose last day was not yesterday starts again at 1', async () => {
    const student = await player();
    await setStreak(student, '2020-01-01', 12);
    const { challenge, round } = await started(student);
    expect((await play(student, challenge, round, 5)).daily).toEqual({ bonus: 50, streak: 1 });
  });

  it('refuses another day, another level, a made-up id, and shows no one else\'s progress', async () => {
    const [student, other] = await Promise.all([player(), player()]);
    const { challenge } = await started(student);
    const dates = datesFrom(todayUtc(), 2);
    await ensureDailyChallenges(dates, new Date());
    expect((await start(student, `${dates[1]}-beginner`)).body.error.message).toBe(M.notToday);
    expect((await start(student, `${todayUtc()}-expert`)).status).toBe(404);
    expect((await start(student, 'not-a-day')).status).toBe(404);
    expect((await view(student, '2001-01-01-beginner')).status).toBe(404);
    expect((await view(other, challenge.id)).body.progress).toBeNull();
    expect(parse(await startDaily(httpEvent({ body: {}, path: { challengeId: challenge.id } }))).status).toBe(401);
  });

  it('two starts at once share one round; two last answers at once complete the day once', async () => {
    const student = await player();
    const { body } = await today(student);
    const challenge = body.challenge as DailyChallenge;
    const [a, b] = await Promise.all([start(student, challenge.id), start(student, challenge.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.round.roundId).toBe(b.body.round.roundId);
    const round = a.body.round as PlayRound;

    const stored = await getDailyChallenge(challenge.date, challenge.level);
    for (const [i, question] of round.questions.slice(0, -1).entries()) {
      expect((await answer(student, round.roundId, { questionId: question.id, answer: stored!.questions[i]!.correct_answer })).status).toBe(200);
    }
    // A reload resumes at the next question.
    expect((await start(student, challenge.id)).body).toMatchObject({ answered: 4 });
    const lastQuestion = round.questions.at(-1)!;
    const last = { questionId: lastQuestion.id, answer: stored!.questions[4]!.correct_answer };
    const finals = await Promise.all([answer(student, round.roundId, last), answer(student, round.roundId, last), answer(student, round.roundId, last)]);
    expect(finals.filter((f) => f.status === 200)).toHaveLength(1);

    const progress = (await view(student, challenge.id)).body.progress;
    expect(progress).toMatchObject({ completed: true, score: 5, bonus_earned: 50, streak_count: 1 });
    const attempts = await documentClient().send(
      new QueryCommand({ TableName: env().TABLE_NAME, KeyConditionExpression: 'pk = :p AND begins_with(sk, :a)', ExpressionAttributeValues: { ':p': `USER#${student.user_id}`, ':a': 'ATTEMPT#' } }),
    );
    expect(attempts.Items).toHaveLength(1);
    await expect.poll(async () => (await learnerTotals(student.user_id)).attempts).toBe(1);
    expect((await learnerTotals(student.user_id)).points).toBe(progress.round_points + 50);
    expect((await start(student, challenge.id)).status).toBe(409);
  });

  it('Delete Account removes the player\'s daily-challenge items', async () => {
    const student = await player();
    await setStreak(student, yesterdayUtc(), 2);
    const { challenge, round } = await started(student);
    await play(student, challenge, round, 5);
    const own = async () =>
      (await documentClient().send(new QueryCommand({ TableName: env().TABLE_NAME, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': `USER#${student.user_id}` } }))).Items ?? [];
    expect((await own()).map((i) => String(i.sk))).toEqual(expect.arrayContaining([`DCPROGRESS#${challenge.date}`, 'DCSTREAK']));
    // Once the round's consumers have written (a late one would write after the deletion).
    // Every consumer of the round has written (the set stops changing): a late one would write after the deletion.
    let before = '';
    await expect
      .poll(async () => {
        const now = (await own()).map((i) => String(i.sk)).sort().join(',');
        const settled = now === before && now.includes('STREAK');
        before = now;
        return settled;
      }, { interval: 1000, timeout: 15_000 })
      .toBe(true);
    await deleteAccountData(student.user_id, student.email);
    expect((await own()).map((i) => `${String(i.sk)} ${String(i.type)}`)).toEqual([]);
    // The day's challenge itself belongs to no one and stays.
    expect(await getDailyChallenge(challenge.date, challenge.level)).toBeDefined();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { eventsDelivered, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';

useLocalStack();
const { handler: startRound } = await import('../../functions/quiz/start-round.ts');
const { handler: answerQuestion } = await import('../../functions/quiz/answer-question.ts');
const { handler: finishRound } = await import('../../functions/quiz/finish-round.ts');
const { handler: reviewRound } = await import('../../functions/quiz/review-round.ts');
const { getRound } = await import('../../functions/quiz/data/rounds.ts');
const { dueCards } = await import('../../functions/review/data/reviews.ts');
const { getBankMeta } = await import('../../functions/questions/data/question-bank.ts');
const { documentClient, eventsClient } = await import('../../functions/lib/clients.ts');
const { standingsFor } = await import('../../functions/activity/data/leaderboard.ts');
const { keys } = await import('../../functions/data/table-design.ts');
const { learnerTotals, recentAttempts } = await import('../../functions/quiz/data/learner.ts');
const { handler: getProgress } = await import('../../functions/quiz/get-progress.ts');
const { zonedInstant } = await import('../../shared/notifications/quiet-hours.ts');
const { addDays, localDate } = await import('../../shared/dates.ts');

type Round = { roundId: string; questions: { id: string; options: string[] }[]; deadline: number | null; startedAt: number };

async function start(sub: string, body: Record<string, unknown>) {
  return parse(await startRound(httpEvent({ sub, body })));
}
async function answer(sub: string, roundId: string, body: Record<string, unknown>) {
  return parse(await answerQuestion({ ...httpEvent({ sub, body }), pathParameters: { roundId } }));
}
/** The answer key, read as only the server can. */
async function key(userId: string, roundId: string): Promise<string[]> {
  return (await getRound(userId, roundId))!.questions.map((q) => q.correct_answer);
}

async function review(sub: string, roundId: string) {
  return parse(await reviewRound({ ...httpEvent({ sub }), pathParameters: { roundId } }));
}
const wrongOption = (round: Round, answers: readonly string[], i: number) => round.questions[i]!.options.find((o) => o !== answers[i])!;
/** Answers every question of a round in order with `choose(i)`; returns the last answer's body. */
async function playToEnd(sub: string, round: Round, choose: (i: number) => string) {
  let last: { status: number; body: any } | undefined;
  for (const [i, question] of round.questions.entries()) {
    last = await answer(sub, round.roundId, { questionId: question.id, answer: choose(i) });
    expect(last.status, `answer ${i + 1}`).toBe(200);
  }
  expect(last!.body.finished).toBe(true);
  return last!.body;
}

afterEach(() => vi.useRealTimers());

/** The "Rounds left today" figure the dashboard shows. */
const roundsLeft = async (sub: string) => parse(await getProgress(httpEvent({ sub }))).body.access.roundsLeftToday as number;
const beginner = (subject: string) => ({ subject, level: 'beginner', timeZone: 'UTC' });

describe('a round in play survives a reload, and only played rounds count', () => {
  it('a reload resumes the round at its next question with its score and deadline, counted once', async () => {
    const me = await player();
    expect(await roundsLeft(me.user_id)).toBe(10);
    const { body: round } = (await start(me.user_id, beginner('history'))) as { body: Round };
    const answers = await key(me.user_id, round.roundId);
    await answer(me.user_id, round.roundId, { questionId: round.questions[0]!.id, answer: answers[0] });
    await answer(me.user_id, round.roundId, { questionId: round.questions[1]!.id, answer: wrongOption(round, answers, 1) });
    await answer(me.user_id, round.roundId, { questionId: round.questions[2]!.id, answer: answers[2] });

    // The reload (or a second tab, or coming back from the dashboard) asks for a round again.
    const again = await start(me.user_id, beginner('history'));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ roundId: round.roundId, answered: 3, score: 2, deadline: null, startedAt: round.startedAt });
    expect(again.body.questions.map((q: { id: string }) => q.id)).toEqual(round.questions.map((q) => q.id));
    // It goes on at question 4, and the dashboard counts it once.
    expect((await answer(me.user_id, round.roundId, { questionId: round.questions[3]!.id, answer: answers[3] })).body).toMatchObject({ correct: true, score: 3 });
    expect(await roundsLeft(me.user_id)).toBe(9);
  });

  it('a competition round resumes with the same deadline, and the time left measured by the server', async () => {
    const me = await player();
    const settings = { ...beginner('geography'), mode: 'competition', questionCount: 15, timeLimitSec: 180 };
    const { body: round } = (await start(me.user_id, settings)) as { body: Round };
    await answer(me.user_id, round.roundId, { questionId: round.questions[0]!.id, skip: true });
    const { status, body } = await start(me.user_id, settings);
    expect(status).toBe(200);
    expect(body).toMatchObject({ roundId: round.roundId, deadline: round.deadline, answered: 1, score: 0 });
    expect(body.serverNow).toBeGreaterThanOrEqual(round.startedAt);
    expect(body.serverNow).toBeLessThanOrEqual(Date.now());
  });

  it('opening a quiz and leaving it costs nothing: a round counts once its first answer is accepted', async () => {
    const me = await player();
    const { body: opened } = (await start(me.user_id, beginner('history'))) as { body: Round };
    expect((await start(me.user_id, beginner('history'))).body.roundId).toBe(opened.roundId);
    await start(me.user_id, beginner('religion'));
    expect(await roundsLeft(me.user_id)).toBe(10);
    await answer(me.user_id, opened.roundId, { questionId: opened.questions[0]!.id, skip: true });
    expect(await roundsLeft(me.user_id)).toBe(9);
    // Its later answers do not count again.
    await answer(me.user_id, opened.roundId, { questionId: opened.questions[1]!.id, skip: true });
    expect(await roundsLeft(me.user_id)).toBe(9);
  });

  it('counts a round once when its first answer is sent twice at once, and both of two tabs’ rounds answered at once', async () => {
    const me = await player();
    const { body: a } = (await start(me.user_id, beginner('history'))) as { body: Round };
    const { body: b } = (await start(me.user_id, beginner('religion'))) as { body: Round };
    const first = (round: Round) => answer(me.user_id, round.roundId, { questionId: round.questions[0]!.id, skip: true });
    const results = await Promise.all([first(a), first(a), first(b)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409]);
    expect((await getRound(me.user_id, a.roundId))!.answers).toHaveLength(1);
    expect((await getRound(me.user_id, b.roundId))!.answers).toHaveLength(1);
    expect(await roundsLeft(me.user_id)).toBe(8);
  });

  it('refuses the eleventh round with the limit, when it resets in the account’s zone, and still resumes a counted round', async () => {
    const me = await player({ time_zone: 'Asia/Tokyo', time_zone_changed_at: new Date().toISOString() });
    for (let i = 0; i < 9; i++) {
      const { body: round } = (await start(me.user_id, beginner('history'))) as { body: Round };
      await playToEnd(me.user_id, round, (n) => round.questions[n]!.options[0]!);
    }
    const { body: tenth } = (await start(me.user_id, beginner('religion'))) as { body: Round };
    await answer(me.user_id, tenth.roundId, { questionId: tenth.questions[0]!.id, skip: true });
    expect(await roundsLeft(me.user_id)).toBe(0);

    const refused = await start(me.user_id, beginner('history'));
    expect(refused.status).toBe(429);
    const now = new Date();
    const midnight = zonedInstant(addDays(localDate(now, 'Asia/Tokyo'), 1), '00:00', 'Asia/Tokyo').toISOString();
    expect(refused.body.error).toMatchObject({ code: 'daily_limit', details: { limit: 10, played: 10, resetsAt: midnight, timeZone: 'Asia/Tokyo' } });
    // The tenth round, counted already, goes on.
    expect((await start(me.user_id, beginner('religion'))).body).toMatchObject({ roundId: tenth.roundId, answered: 1 });
  });

  it('a round opened under the limit cannot be played past it (its first answer is refused with the limit)', async () => {
    const me = await player({ metadata: { limits: { quiz_attempts_per_day: 1 } } });
    const { body: first } = (await start(me.user_id, beginner('history'))) as { body: Round };
    const { body: second } = (await start(me.user_id, beginner('religion'))) as { body: Round };
    expect((await answer(me.user_id, first.roundId, { questionId: first.questions[0]!.id, skip: true })).status).toBe(200);
    const refused = await answer(me.user_id, second.roundId, { questionId: second.questions[0]!.id, skip: true });
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'daily_limit', details: { limit: 1, played: 1 } } } });
    expect((await getRound(me.user_id, second.roundId))!.answers).toHaveLength(0);
    expect((await start(me.user_id, beginner('geography'))).status).toBe(429);
    expect(await roundsLeft(me.user_id)).toBe(0);
  });
});

describe('starting a round', () => {
  it('draws 10 beginner questions and sends no answer key', async () => {
    const me = await player();
    const { status, body } = await start(me.user_id, { subject: 'history', level: 'beginner' });
    expect(status).toBe(201);
    expect(body.questions).toHaveLength(10);
    const serialised = JSON.stringify(body);
    expect(serialised).not.toContain('correct_answer');
    expect(serialised).not.toContain('explanation');
    expect(new Set(body.questions.map((q: { id: string }) => q.id)).size).toBe(10);
    // Ids name nothing (quiz-answer-leaks.test.ts checks every question of the bank).
    for (const q of body.questions as { id: string }[]) expect(q.id).toMatch(/^q-[0-9a-f]{16}$/);
  });

  it('refuses advanced and expert to a free user, allows them with premium', async () => {
    const free = await player();
    expect(await start(free.user_id, { subject: 'geography', level: 'expert' })).toMatchObject({ status: 403, body: { error: { code: 'premium_required' } } });
    expect((await start(free.user_id, { subject: 'religion', level: 'advanced' })).status).toBe(403);
    const paid = await player(premium);
    expect((await start(paid.user_id, { subject: 'geography', level: 'expert' })).status).toBe(201);
  });

  it('prefers unseen questions, then tops up with seen ones', async () => {
    const me = await player();
    const meta = (await getBankMeta('history', 'beginner'))!;
    const all = Object.values(meta.topics).flat();
    const unseen = all.slice(0, 4);
    await documentClient().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: keys.seen(me.user_id, 'history', 'beginner'),
        UpdateExpression: 'ADD seen :s',
        ExpressionAttributeValues: { ':s': new Set(all.slice(4)) },
      }),
    );
    const { body } = await start(me.user_id, { subject: 'history', level: 'beginner' });
    const stored = (await getRound(me.user_id, body.roundId))!;
    const indexes = stored.questions.map((q) => q.index);
    expect(indexes).toHaveLength(10);
    for (const index of unseen) expect(indexes).toContain(index);
  });

  it('keeps to a focus topic', async () => {
    const me = await player();
    const meta = (await getBankMeta('history', 'beginner'))!;
    const [topic] = Object.keys(meta.topics);
    const { body } = await start(me.user_id, { subject: 'history', level: 'beginner', focus: topic });
    expect(body.questions.length).toBeGreaterThan(0);
    const stored = (await getRound(me.user_id, body.roundId))!;
    expect(stored.questions.every((q) => q.topic === topic)).toBe(true);
  });

  it('answers an unknown focus topic with the spec message', async () => {
    const me = await player();
    expect(await start(me.user_id, { subject: 'history', level: 'beginner', focus: 'no-such-topic' })).toMatchObject({
      status: 404,
      body: { error: { message: 'No questions found for history at beginner level' } },
    });
  });

  it.each([
    [{ subject: 'maths', level: 'beginner' }],
    [{ subject: 'history', level: 'easy' }],
    [{ subject: 'history', level: 'beginner', mode: 'competition', questionCount: 20 }],
    [{ subject: 'history', level: 'beginner', mode: 'competition', timeLimitSec: 60 }],
    [{ subject: 'history', level: 'beginner', questionCount: 500 }],
  ])('refuses %j with 400', async (body) => {
    const me = await player();
    expect((await start(me.user_id, body)).status).toBe(400);
  });
});

describe('answering', () => {
  it('grades every answer on the server, and the last one finishes with the spec’s points', async () => {
    const me = await player();
    const { body: round } = (await start(me.user_id, { subject: 'geography', level: 'beginner' })) as { body: Round };
    const answers = await key(me.user_id, round.roundId);
    let last;
    for (const [i, question] of round.questions.entries()) {
      const given = i < 9 ? answers[i]! : question.options.find((o) => o !== answers[i])!;
      last = await answer(me.user_id, round.roundId, { questionId: question.id, answer: given });
      expect(last.body.correct).toBe(i < 9);
      expect(last.body.correctAnswer).toBe(answers[i]);
    }
    expect(last!.body).toMatchObject({ finished: true, score: 9, result: { score: 9, total: 10, percentage: 90, points: 90 + 30 } });
  });

  it('strips markup and trims before grading', async () => {
    const me = await player();
    const { body: round } = (await start(me.user_id, { subject: 'history', level: 'beginner' })) as { body: Round };
    const [correct] = await key(me.user_id, round.roundId);
    const result = await answer(me.user_id, round.roundId, { questionId: round.questions[0]!.id, answer: `  <b>${correct}</b> ` });
    expect(result.body.correct).toBe(true);
  });

  it.each([
    ['not one of the options', 'Atlantis', 400],
    ['empty', '   ', 400],
    ['too long', 'x'.repeat(501), 400],
  ])('refuses an answer that is %s', async (_, given, status) => {
    const me = await player();
    const { body: round } = (await start(me.user_id, { subject: 'history', level: 'beginner' })) as { body: Round };
    expect((await answer(me.user_id, round.roundId, { questionId: round.questions[0]!.id, answer: given })).status).toBe(status);
  });

  it('refuses answering out of order, twice, or someone else’s round', async () => {
    const me = await player();
    const other = await player();
    const { body: round } = (await start(me.user_id, { subject: 'history', level: 'beginner' })) as { body: Round };
    const [q1, q2] = round.questions;
    expect((await answer(me.user_id, round.roundId, { questionId: q2!.id, answer: q2!.options[0] })).status).toBe(409);
    expect((await answer(me.user_id, round.roundId, { questionId: q1!.id, answer: q1!.options[0] })).status).toBe(200);
    expect((await answer(me.user_id, round.roundId, { questionId: q1!.id, answer: q1!.options[0] })).status).toBe(409);
    expect((await answer(other.user_id, round.roundId, { questionId: q2!.id, answer: q2!.options[0] })).status).toBe(404);
  });

  it('lets two racing submissions of one answer count once', async () => {
    const me = await player();
    const { body: round } = (await start(me.user_id, { subject: 'history', level: 'beginner' })) as { body: Round };
    const q = round.questions[0]!;
    const results = await Promise.all([0, 1, 2].map(() => answer(me.user_id, round.roundId, { questionId: q.id, answer: q.options[0] })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await getRound(me.user_id, round.roundId))!.answers).toHaveLength(1);
  });

  it('lets two racing submissions of the last answer finish the round once, and the missed questions become cards', async () => {
    const me = await player();
    const { body: round } = (await start(me.user_id, { subject: 'history', level: 'beginner', questionCount: 5 })) as { body: Round };
    const answers = await key(me.user_id, round.roundId);
    // Right, wrong, right, wrong, then the last one wrong in one submission and right in the other.
    for (const [i, q] of round.questions.slice(0, 4).entries()) {
      expect((await answer(me.user_id, round.roundId, { questionId: q.id, answer: i % 2 ? wrongOption(round, answers, i) : answers[i]! })).status).toBe(200);
    }
    const last = round.questions[4]!;
    const results = await Promise.all([answers[4]!, wrongOption(round, answers, 4)].map((given) => answer(me.user_id, round.roundId, { questionId: last.id, answer: given })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = results.find((r) => r.status === 200)!.body;
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe('out_of_order');

    const stored = (await getRound(me.user_id, round.roundId))!;
    expect(stored.answers).toHaveLength(5);
    expect(stored.result).toMatchObject({ score: won.result.score, total: 5 });
    expect(won.result.score).toBe(won.correct ? 3 : 2);
    expect((await recentAttempts(me.user_id, 10)).filter((a) => a.attemptId === round.roundId)).toHaveLength(1);
    // The cards are those of the answers as stored: questions 2 and 4, and the last only if the stored answer missed it.
    const cards = (await dueCards(me.user_id, new Date(Date.now() + 60_000))).map((c) => c.id).sort();
    expect(cards).toEqual([round.questions[1]!.id, round.questions[3]!.id, ...(won.correct ? [] : [last.id])].sort());
  });

  it('a later finish of a finished round publishes it once more, and the round still counts once everywhere', async () => {
    const me = await player();
    const { body: round } = (await start(me.user_id, { subject: 'history', level: 'beginner', questionCount: 5 })) as { body: Round };
    const answers = await key(me.user_id, round.roundId);
    const end = await playToEnd(me.user_id, round, (i) => (i < 3 ? answers[i]! : wrongOption(round, answers, i)));
    // The finishing answer publishes without marking the round (one write fewer); the cards came with its transaction.
    expect((await getRound(me.user_id, round.roundId))!.published).toBeUndefined();
    const cards = (await dueCards(me.user_id, new Date(Date.now() + 60_000))).map((c) => c.id).sort();
    expect(cards).toEqual([round.questions[3]!.id, round.questions[4]!.id].sort());
    await eventsDelivered();
    const counted = async () => ({
      totals: await learnerTotals(me.user_id),
      board: (await standingsFor([{ userId: me.user_id, email: me.email }], 'all', new Date()))[0],
      attempts: (await recentAttempts(me.user_id, 10)).length,
    });
    const once = await counted();
    expect(once).toMatchObject({ totals: { attempts: 1, points: end.result.points }, board: { points: end.result.points, quizzes: 1 }, attempts: 1 });

    // As if the finishing request had died between its commit and its publish: a later finish publishes again, once.
    const quizEvents: string[] = [];
    eventsClient().middlewareStack.add(
      (next) => async (args) => {
        for (const entry of (args.input as { Entries?: { DetailType?: string; Detail?: string }[] }).Entries ?? []) {
          if (entry.DetailType === 'QuizCompleted' && entry.Detail?.includes(round.roundId)) quizEvents.push(entry.Detail);
        }
        return next(args);
      },
      { step: 'initialize', name: 'republish-capture' },
    );
    try {
      for (let i = 0; i < 2; i++) {
        const finished = parse(await finishRound({ ...httpEvent({ sub: me.user_id }), pathParameters: { roundId: round.roundId } }));
        expect(finished).toMatchObject({ status: 200, body: { result: end.result } });
      }
    } finally {
      eventsClient().middlewareStack.remove('republish-capture');
    }
    expect(quizEvents).toHaveLength(1);
    expect((await getRound(me.user_id, round.roundId))!.published).toBe(true);
    await eventsDelivered();
    expect(await counted()).toEqual(once);
  });

  it('skips any question but the last', async () => {
    const me = await player();
    const { body: round } = (await start(me.user_id, { subject: 'history', level: 'beginner', questionCount: 5 })) as { body: Round };
    for (const q of round.questions.slice(0, 4)) expect((await answer(me.user_id, round.roundId, { questionId: q.id, skip: true })).body.correct).toBe(false);
    expect((await answer(me.user_id, round.roundId, { questionId: round.questions[4]!.id, skip: true })).status).toBe(400);
  });
});

describe('competition mode', () => {
  it('refuses answers after the deadline and records the round with what was answered', async () => {
    const me = await player();
    const { body: round } = (await start(me.user_id, { subject: 'geography', level: 'beginner', mode: 'competition', questionCount: 15, timeLimitSec: 180 })) as { body: Round };
    expect(round.questions).toHaveLength(15);
    expect(round.deadline).not.toBeNull();
    const answers = await key(me.user_id, round.roundId);
    await answer(me.user_id, round.roundId, { questionId: round.questions[0]!.id, answer: answers[0] });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(round.deadline! + 5_000);
    const late = await answer(me.user_id, round.roundId, { questionId: round.questions[1]!.id, answer: answers[1] });
    expect(late).toMatchObject({ status: 409, body: { error: { code: 'time_up' } } });
    const finished = parse(await finishRound({ ...httpEvent({ sub: me.user_id }), pathParameters: { roundId: round.roundId } }));
    expect(finished.body.result).toMatchObject({ score: 1, total: 15, points: 10, timeSpentMs: 180_000 });
  });

  it('ends a round once when late answers and finishes race after the deadline, never with a 500', async () => {
    const me = await player();
    const { body: round } = (await start(me.user_id, { subject: 'geography', level: 'beginner', mode: 'competition', questionCount: 15, timeLimitSec: 180 })) as { body: Round };
    const answers = await key(me.user_id, round.roundId);
    await answer(me.user_id, round.roundId, { questionId: round.questions[0]!.id, answer: answers[0] });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(round.deadline! + 5_000);
    const finish = () => finishRound({ ...httpEvent({ sub: me.user_id }), pathParameters: { roundId: round.roundId } }).then(parse);
    const late = () => answer(me.user_id, round.roundId, { questionId: round.questions[1]!.id, answer: answers[1] });
    const results = await Promise.all([finish(), late(), finish(), late(), finish()]);
    for (const r of results) expect(r.status).toBeLessThan(500);
    const results2 = await Promise.all([finish(), late()]);
    expect(results2.map((r) => r.status)).toEqual([200, 409]);
    expect(results2[0]!.body.result).toMatchObject({ attemptId: round.roundId, score: 1, total: 15, timeSpentMs: 180_000 });
    vi.useRealTimers();
    const attempts = await recentAttempts(me.user_id, 5);
    expect(attempts.map((a) => a.attemptId)).toEqual([round.roundId]);
  });

  it('applies the speed bonus to a fast perfect round', async () => {
    const me = await player();
    const { body: round } = (await start(me.user_id, { subject: 'geography', level: 'beginner', mode: 'competition', questionCount: 15 })) as { body: Round };
    const answers = await key(me.user_id, round.roundId);
    let last;
    for (const [i, q] of round.questions.entries()) last = await answer(me.user_id, round.roundId, { questionId: q.id, answer: answers[i] });
    expect(last!.body.result).toMatchObject({ score: 15, points: 150 + 50 + 25 });
  });

  it('gives no speed bonus to a round of skips and one wrong answer (skips count as slow)', async () => {
    const me = await player();
    const { body: round } = (await start(me.user_id, { subject: 'geography', level: 'beginner', mode: 'competition', questionCount: 15 })) as { body: Round };
    const answers = await key(me.user_id, round.roundId);
    for (const q of round.questions.slice(0, 14)) expect((await answer(me.user_id, round.roundId, { questionId: q.id, skip: true })).status).toBe(200);
    const last = await answer(me.user_id, round.roundId, { questionId: round.questions[14]!.id, answer: wrongOption(round, answers, 14) });
    expect(last.body.result).toMatchObject({ score: 0, total: 15, points: 0 });
    const attempts = await recentAttempts(me.user_id, 5);
    expect(attempts.map((a) => a.points)).toEqual([0]);
  });

  it('gives no speed bonus to a round of skips and one right answer', async () => {
    const me = await player();
    const { body: round } = (await start(me.user_id, { subject: 'geography', level: 'beginner', mode: 'competition', questionCount: 15 })) as { body: Round };
    const answers = await key(me.user_id, round.roundId);
    for (const q of round.questions.slice(0, 14)) await answer(me.user_id, round.roundId, { questionId: q.id, skip: true });
    const last = await answer(me.user_id, round.roundId, { questionId: round.questions[14]!.id, answer: answers[14] });
    expect(last.body.result).toMatchObject({ score: 1, total: 15, points: 10 });
  });

  it('climbs levels with difficulty progression for a premium user', async () => {
    const me = await player(premium);
    const { body: round } = await start(me.user_id, { subject: 'history', level: 'beginner', mode: 'competition', questionCount: 15, difficultyProgression: true });
    const levels = round.questions.map((q: { level: string }) => q.level);
    expect(levels.slice(0, 5).every((l: string) => l === 'beginner')).toBe(true);
    expect(levels.slice(10).every((l: string) => l === 'expert')).toBe(true);
  });
});

describe('review and replay', () => {
  it('shows premium users their wrong answers with explanations, and free users nothing', async () => {
    for (const [overrides, status] of [[premium, 200], [{}, 403]] as const) {
      const me = await player(overrides);
      const { body: round } = (await start(me.user_id, { subject: 'history', level: 'beginner', questionCount: 5 })) as { body: Round };
      const answers = await key(me.user_id, round.roundId);
      for (const [i, q] of round.questions.entries()) await answer(me.user_id, round.roundId, { questionId: q.id, answer: q.options.find((o) => o !== answers[i]) });
      const review = parse(await reviewRound({ ...httpEvent({ sub: me.user_id }), pathParameters: { roundId: round.roundId } }));
      expect(review.status).toBe(status);
      if (status === 200) {
        expect(review.body.items).toHaveLength(5);
        expect(review.body.items[0].explanation.length).toBeGreaterThan(10);
      }
    }
  });

  it('Retry Same Questions plays a new round to the end and leaves the original untouched', async () => {
    const me = await player(premium);
    const { body: first } = (await start(me.user_id, { subject: 'history', level: 'beginner', questionCount: 5 })) as { body: Round };
    const firstKey = await key(me.user_id, first.roundId);
    // The original: the first two wrong, the rest right → 3 of 5.
    const firstEnd = await playToEnd(me.user_id, first, (i) => (i < 2 ? wrongOption(first, firstKey, i) : firstKey[i]!));
    expect(firstEnd.result).toMatchObject({ score: 3, total: 5, percentage: 60, points: 30 });
    const firstReview = await review(me.user_id, first.roundId);
    expect(firstReview.status).toBe(200);
    expect(firstReview.body.items).toHaveLength(2);

    const { status, body: again } = (await start(me.user_id, { subject: 'history', level: 'beginner', retryOf: first.roundId })) as { status: number; body: Round };
    expect(status).toBe(201);
    expect(again.roundId).not.toBe(first.roundId);
    expect(again.questions.map((q) => q.id)).toEqual(first.questions.map((q) => q.id));

    // The replay: every answer right → 5 of 5, 50 + 50 points.
    const againKey = await key(me.user_id, again.roundId);
    expect(againKey).toEqual(firstKey);
    const againEnd = await playToEnd(me.user_id, again, (i) => againKey[i]!);
    expect(againEnd.result).toMatchObject({ attemptId: again.roundId, score: 5, total: 5, percentage: 100, points: 100 });
    const finished = parse(await finishRound({ ...httpEvent({ sub: me.user_id }), pathParameters: { roundId: again.roundId } }));
    expect(finished).toMatchObject({ status: 200, body: { result: { score: 5, points: 100 } } });
    expect(await review(me.user_id, again.roundId)).toMatchObject({ status: 200, body: { items: [] } });

    // The original still has its answers, result and review.
    const original = (await getRound(me.user_id, first.roundId))!;
    expect(original).toMatchObject({ roundId: first.roundId, status: 'finished', result: { attemptId: first.roundId, score: 3, points: 30 } });
    expect(original.answers).toHaveLength(5);
    const reviewedAgain = await review(me.user_id, first.roundId);
    expect(reviewedAgain.status).toBe(200);
    expect(reviewedAgain.body).toEqual(firstReview.body);

    // Two attempts with their own points, and the learner's totals count both.
    const attempts = await recentAttempts(me.user_id, 5);
    expect(attempts.map((a) => [a.attemptId, a.score, a.points]).sort()).toEqual(
      [[first.roundId, 3, 30], [again.roundId, 5, 100]].sort(),
    );
    await expect.poll(() => learnerTotals(me.user_id), { timeout: 5_000 }).toMatchObject({ attempts: 2, points: 130 });
  });

  it('refuses to replay a round that is not the caller’s, or of another subject or level', async () => {
    const me = await player();
    const other = await player();
    const { body: first } = (await start(me.user_id, { subject: 'history', level: 'beginner', questionCount: 5 })) as { body: Round };
    expect((await start(other.user_id, { subject: 'history', level: 'beginner', retryOf: first.roundId })).status).toBe(404);
    expect((await start(me.user_id, { subject: 'religion', level: 'beginner', retryOf: first.roundId })).status).toBe(404);
  });

  it('replays a competition round whose answers and finish after the deadline end it cleanly', async () => {
    const me = await player();
    const settings = { subject: 'geography', level: 'beginner', mode: 'competition', questionCount: 15, timeLimitSec: 180 };
    const { body: first } = (await start(me.user_id, settings)) as { body: Round };
    const firstKey = await key(me.user_id, first.roundId);
    const firstEnd = await playToEnd(me.user_id, first, (i) => firstKey[i]!);
    expect(firstEnd.result).toMatchObject({ score: 15, total: 15 });

    const { status, body: again } = (await start(me.user_id, { ...settings, retryOf: first.roundId })) as { status: number; body: Round };
    expect(status).toBe(201);
    expect(again.deadline).not.toBeNull();
    const againKey = await key(me.user_id, again.roundId);
    expect((await answer(me.user_id, again.roundId, { questionId: again.questions[0]!.id, answer: againKey[0] })).body.correct).toBe(true);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(again.deadline! + 5_000);
    const late = await answer(me.user_id, again.roundId, { questionId: again.questions[1]!.id, answer: againKey[1] });
    expect(late).toMatchObject({ status: 409, body: { error: { code: 'time_up' } } });
    const finished = parse(await finishRound({ ...httpEvent({ sub: me.user_id }), pathParameters: { roundId: again.roundId } }));
    expect(finished).toMatchObject({ status: 200, body: { result: { attemptId: again.roundId, score: 1, total: 15, timeSpentMs: 180_000 } } });
    vi.useRealTimers();

    const original = (await getRound(me.user_id, first.roundId))!;
    expect(original).toMatchObject({ status: 'finished', result: { attemptId: first.roundId, score: 15 } });
    const attempts = await recentAttempts(me.user_id, 5);
    expect(attempts.map((a) => [a.attemptId, a.score]).sort()).toEqual([[first.roundId, 15], [again.roundId, 1]].sort());
  });
});

describe('ids at the edge', () => {
  const longId = 'a'.repeat(2_000);

  it.each([
    ['a round id of 2,000 characters', longId],
    ['a round id with a key separator', 'abcdefghij#PROFILE'],
    ['a round id with a path', '../../PROFILE'],
    ['a round id with upper case and spaces', 'ABC DEF GHI JKL'],
  ])('answers 404 JSON for %s on answer, finish and review', async (_, roundId) => {
    const me = await player(premium);
    const calls = [
      answerQuestion({ ...httpEvent({ sub: me.user_id, body: { questionId: 'geo-beg-flag-x', answer: 'x' } }), pathParameters: { roundId } }),
      finishRound({ ...httpEvent({ sub: me.user_id }), pathParameters: { roundId } }),
      reviewRound({ ...httpEvent({ sub: me.user_id }), pathParameters: { roundId } }),
    ];
    for (const result of await Promise.all(calls)) {
      expect(result.statusCode).toBe(404);
      expect(JSON.parse(result.body!)).toMatchObject({ error: { code: 'not_found', message: 'Round not found' } });
    }
  });

  it('refuses a retryOf that is not a round id with 400', async () => {
    const me = await player();
    expect((await start(me.user_id, { subject: 'history', level: 'beginner', retryOf: longId })).status).toBe(400);
  });

  it.each([
    ['2,000 characters', 'q'.repeat(2_000)],
    ['a key separator', 'q-1#BOOKMARK'],
    ['spaces and upper case', 'Q 1'],
    ['an empty string', ''],
  ])('refuses a question id of %s in an answer with 400', async (_, questionId) => {
    const me = await player();
    const { body: round } = (await start(me.user_id, { subject: 'history', level: 'beginner' })) as { body: Round };
    const result = await answer(me.user_id, round.roundId, { questionId, answer: round.questions[0]!.options[0] });
    expect(result).toMatchObject({ status: 400, body: { error: { code: 'bad_request' } } });
    expect((await getRound(me.user_id, round.roundId))!.answers).toHaveLength(0);
  });
});

describe('cost of starting a round', () => {
  /** Counts DynamoDB requests made while `run` executes. */
  async function countRequests(run: () => Promise<unknown>): Promise<number> {
    let count = 0;
    const name = `count-${Math.random()}`;
    documentClient().middlewareStack.add((next) => async (args) => {
      count += 1;
      return next(args);
    }, { step: 'initialize', name });
    try {
      await run();
    } finally {
      documentClient().middlewareStack.remove(name);
    }
    return count;
  }

  it('is the same number of DynamoDB requests for a user who has seen 0 or 5,000 questions', async () => {
    const fresh = await player();
    const veteran = await player();
    await documentClient().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: keys.seen(veteran.user_id, 'history', 'beginner'),
        UpdateExpression: 'ADD seen :s',
        ExpressionAttributeValues: { ':s': new Set(Array.from({ length: 5000 }, (_, i) => i)) },
      }),
    );
    await start((await player()).user_id, { subject: 'history', level: 'beginner' }); // warms the bank index cache
    const forFresh = await countRequests(() => start(fresh.user_id, { subject: 'history', level: 'beginner' }));
    const forVeteran = await countRequests(() => start(veteran.user_id, { subject: 'history', level: 'beginner' }));
    expect(forVeteran).toBe(forFresh);
    // Six (among them the rounds in play, to resume one, and today's count), plus one BatchGet
    // of the round's bookmark keys (the star shows from the start).
    expect(forFresh).toBeLessThanOrEqual(7);
  });
});

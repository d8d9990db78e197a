import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates.ts';
import { GOAL_LIMITS, GOAL_MESSAGES as M } from '../../shared/learning/learning.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { losingWrites } from '../support/losing-writes.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';

/**
 * Smart Learning, the learning-style assessment and study goals (docs/learning.md):
 * every permission case answers 403/404 with no data; progress from play counts once.
 */
useLocalStack();
const { handler: getAdaptive } = await import('../../functions/learning/get-adaptive.ts');
const { handler: getStyle } = await import('../../functions/learning/get-learning-style.ts');
const { handler: saveStyle } = await import('../../functions/learning/save-learning-style.ts');
const { handler: listGoals } = await import('../../functions/learning/list-goals.ts');
const { handler: createGoal } = await import('../../functions/learning/create-goal.ts');
const { handler: stepGoal } = await import('../../functions/learning/step-goal.ts');
const { handler: deleteGoal } = await import('../../functions/learning/delete-goal.ts');
const { handler: advanceGoals } = await import('../../functions/learning/advance-study-goals.ts');
const { handler: startRound } = await import('../../functions/quiz/start-round.ts');
const { handler: answerQuestion } = await import('../../functions/quiz/answer-question.ts');
const { getRound } = await import('../../functions/quiz/data/rounds.ts');

type Person = Awaited<ReturnType<typeof player>>;
type Handler = (e: ReturnType<typeof httpEvent>) => Promise<{ statusCode?: number; body?: string }>;
const call = async (h: Handler, who: Person, input: Parameters<typeof httpEvent>[0] = {}) => parse(await h(httpEvent({ sub: who.user_id, ...input })));
const goalBody = (over: Record<string, unknown> = {}) => ({ title: 'Capitals of Europe', target_date: '2030-01-01', subject: 'geography', level: 'beginner', ...over });

/** Plays a whole round through the quiz handlers, answering the first `right` questions correctly. */
async function playRound(who: Person, subject: string, level: string, right: number, focus?: string) {
  const started = await call(startRound as Handler, who, { body: { subject, level, ...(focus ? { focus } : {}) } });
  expect(started.status).toBe(201);
  const round = started.body as { roundId: string; questions: { id: string; options: string[] }[] };
  const key = (await getRound(who.user_id, round.roundId))!.questions.map((q) => q.correct_answer);
  for (const [i, q] of round.questions.entries()) {
    const answer = i < right ? key[i]! : q.options.find((o) => o !== key[i])!;
    const answered = parse(await answerQuestion({ ...httpEvent({ sub: who.user_id, body: { questionId: q.id, answer } }), pathParameters: { roundId: round.roundId } }));
    expect(answered.status).toBe(200);
  }
  return round;
}

function quizCompleted(userId: string, subject: string, level: string, attemptId = randomUUID().replace(/-/g, '')) {
  const detail = { attemptId, userId, subject, level, mode: 'practice', score: 5, total: 10, points: 50, timeSpentMs: 100_000, completedAt: new Date().toISOString(), timeZone: 'UTC', topics: [] };
  return { version: '0', id: randomUUID(), 'detail-type': 'QuizCompleted', source: 'quizquest', account: '0', time: detail.completedAt, region: 'us-east-1', resources: [], detail };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('permissions', () => {
  it('refuses free students Smart Learning and study goals with 403 and no data; learning style is for every student', async () => {
    const free = await player();
    for (const [h, input] of [
      [getAdaptive, {}],
      [listGoals, {}],
      [createGoal, { body: goalBody() }],
      [stepGoal, { path: { goalId: randomUUID() } }],
      [deleteGoal, { path: { goalId: randomUUID() } }],
    ] as const) {
      const answer = await call(h as Handler, free, input);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: expect.objectContaining({ code: 'premium_required' }) });
    }
    expect((await call(getAdaptive, free)).body.error.message).toBe(M.adaptivePremium);
    expect((await call(listGoals, free)).body.error.message).toBe(M.premiumRequired);
    expect((await call(saveStyle, free, { body: { answers: [0, 0, 0, 1, 2] } })).status).toBe(200);
  });

  it('is for students only: parents and teachers get 403, a missing profile 403, no sign-in 401', async () => {
    for (const role of ['parent', 'teacher'] as const) {
      const other = await player({ role, ...premium });
      for (const h of [getAdaptive, getStyle, listGoals] as Handler[]) {
        const answer = await call(h, other);
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ error: expect.any(Object) });
      }
    }
    expect(parse(await listGoals(httpEvent({}))).status).toBe(401);
    expect(parse(await listGoals(httpEvent({ sub: randomUUID() }))).status).toBe(403);
    // Trial users have the premium features.
    const trial = await player({ metadata: { trial_active: true, trial_started: new Date().toISOString(), trial_ends: new Date(Date.now() + 86_400_000).toISOString() } });
    expect((await call(listGoals, trial)).status).toBe(200);
  });
});

describe('learning style', () => {
  it('scores five answers on the server, saves the result and a retake replaces it', async () => {
    const me = await player();
    expect((await call(getStyle, me)).body).toEqual({ result: null });
    const saved = await call(saveStyle, me, { body: { answers: [1, 1, 0, 1, 2] } });
    expect(saved.body.result).toMatchObject({ learning_style: 'auditory', assessment_completed: true, style_breakdown: { visual: 1, auditory: 3, kinesthetic: 1 } });
    expect((await call(getStyle, me)).body.result.learning_style).toBe('auditory');
    await call(saveStyle, me, { body: { answers: [2, 2, 2, 0, 1] } });
    expect((await call(getStyle, me)).body.result).toMatchObject({ learning_style: 'kinesthetic', style_breakdown: { visual: 1, auditory: 1, kinesthetic: 3 } });
    // Not five answers, or an option that does not exist: 400, nothing saved.
    for (const answers of [[0, 1, 2, 0], [0, 1, 2, 0, 3], 'visual']) expect((await call(saveStyle, me, { body: { answers } })).status).toBe(400);
    expect((await call(getStyle, me)).body.result.learning_style).toBe('kinesthetic');
  });
});

describe('study goals', () => {
  it('creates with defaults, lists newest first, and validates the limits', async () => {
    const me = await player(premium);
    const first = await call(createGoal, me, { body: goalBody({ description: 'Europe first' }) });
    expect(first.status).toBe(201);
    expect(first.body.goal).toMatchObject({ title: 'Capitals of Europe', daily_minutes: 30, weekly_quizzes: 5, progress: 0, completed: false, description: 'Europe first' });
    const second = await call(createGoal, me, { body: goalBody({ title: 'Rome', subject: 'history', level: 'advanced', daily_minutes: 180, weekly_quizzes: 21 }) });
    expect(second.status).toBe(201);
    expect((await call(listGoals, me)).body.goals.map((g: { title: string }) => g.title)).toEqual(['Rome', 'Capitals of Europe']);

    for (const [over, field, message] of [
      [{ daily_minutes: 14 }, 'daily_minutes', M.minutes],
      [{ daily_minutes: 181 }, 'daily_minutes', M.minutes],
      [{ weekly_quizzes: 0 }, 'weekly_quizzes', M.quizzes],
      [{ weekly_quizzes: 22 }, 'weekly_quizzes', M.quizzes],
      [{ title: '  ' }, 'title', M.titleRequired],
      [{ target_date: undefined }, 'target_date', M.dateRequired],
      [{ subject: 'maths' }, 'subject', undefined],
    ] as const) {
      const bad = await call(createGoal, me, { body: goalBody(over) });
      expect(bad.status).toBe(400);
      if (message) expect(bad.body.error.fields[field]).toBe(message);
      else expect(bad.body.error.fields).toHaveProperty(field);
    }
    expect((await call(listGoals, me)).body.goals).toHaveLength(2);
  });

  it('keeps at most 20 goals', async () => {
    const me = await player(premium);
    for (let i = 0; i < 20; i++) expect((await call(createGoal, me, { body: goalBody({ title: `Goal ${i}` }) })).status).toBe(201);
    expect(await call(createGoal, me, { body: goalBody() })).toMatchObject({ status: 409, body: { error: { message: M.tooMany } } });
  });

  it('keeps at most 20 goals when 40 are created at once (issue 17): the cap is a conditional count', async () => {
    const me = await player(premium);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => call(createGoal, me, { body: goalBody({ title: `Race ${i}` }) })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    for (const r of results.filter((x) => x.status !== 201)) expect(r).toMatchObject({ status: 409, body: { error: { code: 'too_many_goals', message: M.tooMany } } });
    expect((await call(listGoals, me)).body.goals).toHaveLength(20);
    // Deleting one frees one place, and only one.
    const id = results.find((r) => r.status === 201)!.body.goal.id as string;
    expect((await call(deleteGoal, me, { path: { goalId: id } })).status).toBe(204);
    const again = await Promise.all(Array.from({ length: 5 }, () => call(createGoal, me, { body: goalBody() })));
    expect(again.filter((r) => r.status === 201)).toHaveLength(1);
    expect((await call(listGoals, me)).body.goals).toHaveLength(20);
  });

  it('target dates are real calendar days in a sensible range (issue 17)', async () => {
    const me = await player(premium);
    const today = new Date().toISOString().slice(0, 10);
    for (const [date, message] of [
      ['2026-02-31', M.dateInvalid],
      ['2027-13-01', M.dateInvalid],
      ['0001-01-01', M.datePast],
      ['9999-12-31', M.dateTooFar],
      [addDays(today, -3), M.datePast],
      [addDays(today, GOAL_LIMITS.maxDaysAhead + 1), M.dateTooFar],
    ] as const) {
      const bad = await call(createGoal, me, { body: goalBody({ target_date: date }) });
      expect(bad.status, date).toBe(400);
      expect(bad.body.error.fields.target_date, date).toBe(message);
    }
    for (const date of [today, '2028-02-29', addDays(today, GOAL_LIMITS.maxDaysAhead)]) {
      expect((await call(createGoal, me, { body: goalBody({ target_date: date }) })).status, date).toBe(201);
    }
    expect((await call(listGoals, me)).body.goals).toHaveLength(3);
  });

  it('15 simultaneous Update Progress clicks answer 200 or 409, never 500, and the stored progress matches (issue 17)', async () => {
    const me = await player(premium);
    const id = (await call(createGoal, me, { body: goalBody() })).body.goal.id as string;
    const results = await Promise.all(Array.from({ length: 15 }, () => call(stepGoal, me, { path: { goalId: id } })));
    for (const r of results) expect([200, 409]).toContain(r.status);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error).toMatchObject({ code: 'busy', message: M.busy });
    const stepped = results.filter((r) => r.status === 200).length;
    expect((await call(listGoals, me)).body.goals[0]).toMatchObject({ progress: Math.min(100, 10 * stepped), completed: stepped >= 10 });
  });

  it('an Update Progress whose conditional write keeps losing answers 409 busy, never a 500 (issue 17)', async () => {
    const me = await player(premium);
    const id = (await call(createGoal, me, { body: goalBody() })).body.goal.id as string;
    const losing = losingWrites(id);
    try {
      expect(await call(stepGoal, me, { path: { goalId: id } })).toMatchObject({ status: 409, body: { error: { code: 'busy', message: M.busy } } });
    } finally {
      losing.restore();
    }
    expect((await call(listGoals, me)).body.goals[0]).toMatchObject({ id, progress: 0 });
    expect((await call(stepGoal, me, { path: { goalId: id } })).body.goal).toMatchObject({ progress: 10 });
  });

  it('Update Progress adds 10 up to 100 and completes the goal; only the owner can step or delete it', async () => {
    const [me, other] = await Promise.all([player(premium), player(premium)]);
    const id = (await call(createGoal, me, { body: goalBody() })).body.goal.id as string;
    expect(await call(stepGoal, other, { path: { goalId: id } })).toMatchObject({ status: 404 });
    expect((await call(deleteGoal, other, { path: { goalId: id } })).status).toBe(404);
    expect((await call(deleteGoal, other, { path: { goalId: 'not-an-id' } })).status).toBe(404);
    const otherAnswer = await call(stepGoal, other, { path: { goalId: id } });
    expect(otherAnswer.body).toEqual({ error: expect.objectContaining({ message: M.notFound }) });
    expect((await call(listGoals, other)).body.goals).toEqual([]);

    let last;
    for (let i = 1; i <= 9; i++) last = await call(stepGoal, me, { path: { goalId: id } });
    expect(last!.body.goal).toMatchObject({ progress: 90, completed: false });
    // Two clicks at once still make two steps, and never pass 100.
    await Promise.all([call(stepGoal, me, { path: { goalId: id } }), call(stepGoal, me, { path: { goalId: id } })]);
    expect((await call(listGoals, me)).body.goals[0]).toMatchObject({ progress: 100, completed: true });

    expect((await call(deleteGoal, me, { path: { goalId: id } })).status).toBe(204);
    expect((await call(listGoals, me)).body.goals).toEqual([]);
    expect((await call(deleteGoal, me, { path: { goalId: id } })).status).toBe(404);
  });

  it('a quiz in the goal’s subject and level moves it one step, once, whatever the redelivery', async () => {
    const me = await player(premium);
    const geo = (await call(createGoal, me, { body: goalBody() })).body.goal.id as string;
    const other = (await call(createGoal, me, { body: goalBody({ title: 'History', subject: 'history' }) })).body.goal.id as string;
    const event = quizCompleted(me.user_id, 'geography', 'beginner');
    await advanceGoals(event);
    await advanceGoals(event);
    await Promise.all([advanceGoals(event), advanceGoals(event)]);
    const goals = (await call(listGoals, me)).body.goals as { id: string; progress: number }[];
    expect(goals.find((g) => g.id === geo)!.progress).toBe(10);
    expect(goals.find((g) => g.id === other)!.progress).toBe(0);
    // Another attempt is another step; a different level is not this goal.
    await advanceGoals(quizCompleted(me.user_id, 'geography', 'beginner'));
    await advanceGoals(quizCompleted(me.user_id, 'geography', 'advanced'));
    expect(((await call(listGoals, me)).body.goals as { id: string; progress: number }[]).find((g) => g.id === geo)!.progress).toBe(20);
  });

  it('real play through the quiz handlers moves the goal (the consumer runs on the bus)', { timeout: 40_000 }, async () => {
    const me = await player(premium);
    const id = (await call(createGoal, me, { body: goalBody({ subject: 'history' }) })).body.goal.id as string;
    await playRound(me, 'history', 'beginner', 10);
    const goals = await until(async () => (await call(listGoals, me)).body.goals as { id: string; progress: number }[], (g) => g[0]!.progress > 0);
    expect(goals.find((g) => g.id === id)!.progress).toBe(10);
  });
});

describe('Smart Learning', () => {
  it('recommends from real attempts: up after three strong rounds, with strong topics and accuracy', { timeout: 60_000 }, async () => {
    const me = await player(premium);
    const empty = await call(getAdaptive, me);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ learningPath: null, strongTopics: [], weakTopics: [], learningStyle: null });
    expect(empty.body.recommendations[1]).toEqual({ subject: 'history', currentLevel: 'beginner', recommendedLevel: 'beginner', move: 'stay', recentAverage: null, attempts: 0 });

    for (let i = 0; i < 3; i++) await playRound(me, 'history', 'beginner', 9);
    await call(saveStyle, me, { body: { answers: [0, 0, 0, 0, 0] } });
    const view = await until(
      async () => (await call(getAdaptive, me)).body,
      (v) => v.strongTopics.length > 0,
    );
    expect(view.recommendations[1]).toMatchObject({ subject: 'history', currentLevel: 'beginner', recommendedLevel: 'advanced', move: 'up', recentAverage: 90, attempts: 3 });
    expect(view.subjectAccuracy[1]).toMatchObject({ subject: 'history', quizzes: 3, accuracy: 0.9, colour: 'green' });
    expect(view.learningPath).toMatchObject({ currentSubject: 'history', currentLevel: 'beginner', quizzes: 3, nextMilestone: 5, progress: 60 });
    expect(view.strongTopics[0]).toMatchObject({ subject: 'history' });
    expect(view.learningStyle).toBe('visual');
  });

  it('moves a level down below 60 % and names the weak topics; practise the weakest through focus', { timeout: 60_000 }, async () => {
    const me = await player(premium);
    for (let i = 0; i < 3; i++) await playRound(me, 'geography', 'advanced', 2);
    const view = await until(
      async () => (await call(getAdaptive, me)).body,
      (v) => v.weakTopics.length > 0,
    );
    expect(view.recommendations[0]).toMatchObject({ subject: 'geography', currentLevel: 'advanced', recommendedLevel: 'beginner', move: 'down', recentAverage: 20 });
    expect(view.subjectAccuracy[0]).toMatchObject({ colour: 'red' });
    // The weakest topic can be practised at the level it was played (the page's quick action): the round is that topic's questions.
    const weakest = view.weakTopics[0] as { subject: string; topic: string };
    const focused = await call(startRound as Handler, me, { body: { subject: weakest.subject, level: 'advanced', focus: weakest.topic } });
    expect(focused.status).toBe(201);
    const stored = await getRound(me.user_id, focused.body.roundId);
    expect(stored!.questions.every((q) => q.topic === weakest.topic)).toBe(true);
  });
});

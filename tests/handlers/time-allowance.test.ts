import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIME_MULTIPLIER_INVALID, type TimeMultiplier } from '../../shared/quiz/time-allowance.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

/**
 * Accessible timed play: the profile's time multiplier sets the deadline of
 * competition and friend-challenge rounds on the server, and only the profile sets it.
 */
useLocalStack();
const { handler: startRound } = await import('../../functions/quiz/start-round.ts');
const { handler: answerQuestion } = await import('../../functions/quiz/answer-question.ts');
const { handler: finishRound } = await import('../../functions/quiz/finish-round.ts');
const { handler: updateProfile } = await import('../../functions/profile/update-profile.ts');
const { handler: getMe } = await import('../../functions/profile/get-me.ts');
const { handler: sendRequest } = await import('../../functions/social/send-friend-request.ts');
const { handler: respondRequest } = await import('../../functions/social/respond-friend-request.ts');
const { handler: sendChallenge } = await import('../../functions/social/send-challenge.ts');
const { handler: respondChallenge } = await import('../../functions/social/respond-challenge.ts');
const { getRound } = await import('../../functions/quiz/data/rounds.ts');
const { timeMultiplierOf } = await import('../../functions/profile/data/profiles.ts');

type Round = { roundId: string; startedAt: number; deadline: number | null; timeMultiplier?: TimeMultiplier; questions: { id: string; options: string[] }[] };
type Person = Awaited<ReturnType<typeof player>>;

const withMultiplier = (time_multiplier: TimeMultiplier) => player({ metadata: { time_multiplier } });
const start = async (who: Person, body: Record<string, unknown>) => parse(await startRound(httpEvent({ sub: who.user_id, body })));
const answer = async (who: Person, roundId: string, body: Record<string, unknown>) =>
  parse(await answerQuestion({ ...httpEvent({ sub: who.user_id, body }), pathParameters: { roundId } }));
const finish = async (who: Person, roundId: string) => parse(await finishRound({ ...httpEvent({ sub: who.user_id }), pathParameters: { roundId } }));
const patchMe = async (who: Person, body: Record<string, unknown>) => parse(await updateProfile(httpEvent({ sub: who.user_id, body })));
const competition = { subject: 'geography', level: 'beginner', mode: 'competition', questionCount: 15, timeLimitSec: 180 };
const keyOf = async (who: Person, roundId: string) => (await getRound(who.user_id, roundId))!.questions.map((q) => q.correct_answer);

/** Answers question `i` correctly at `at` (epoch ms on the server's clock). */
async function answerAt(who: Person, round: Round, i: number, at: number) {
  const key = await keyOf(who, round.roundId);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  return answer(who, round.roundId, { questionId: round.questions[i]!.id, answer: key[i] });
}

afterEach(() => vi.useRealTimers());

describe('competition rounds', () => {
  it('a ×2 player answers after the base limit and before twice it; a ×1 player is refused then', async () => {
    const [double, standard] = await Promise.all([withMultiplier(2), player()]);
    const roundDouble = (await start(double, competition)).body as Round;
    const roundStandard = (await start(standard, competition)).body as Round;
    expect(roundDouble.deadline! - roundDouble.startedAt).toBe(360_000);
    expect(roundDouble.timeMultiplier).toBe(2);
    expect(roundStandard.deadline! - roundStandard.startedAt).toBe(180_000);
    expect(roundStandard.timeMultiplier).toBe(1);

    // 3 min 10 s in: past the standard limit and its grace.
    expect(await answerAt(double, roundDouble, 0, roundDouble.startedAt + 190_000)).toMatchObject({ status: 200, body: { correct: true, score: 1 } });
    expect(await answerAt(standard, roundStandard, 0, roundStandard.startedAt + 190_000)).toMatchObject({ status: 409, body: { error: { code: 'time_up' } } });
    // The finished round counts only the real time up to the player's own deadline.
    expect((await finish(standard, roundStandard.roundId)).body.result).toMatchObject({ score: 0, timeSpentMs: 180_000 });

    // The doubled deadline is a deadline too; the finish endpoint agrees on it.
    vi.setSystemTime(roundDouble.startedAt + 300_000);
    expect(await finish(double, roundDouble.roundId)).toMatchObject({ status: 409, body: { error: { code: 'round_active' } } });
    expect(await answerAt(double, roundDouble, 1, roundDouble.startedAt + 365_000)).toMatchObject({ status: 409, body: { error: { code: 'time_up' } } });
    expect((await finish(double, roundDouble.roundId)).body.result).toMatchObject({ score: 1, total: 15, timeSpentMs: 360_000 });
  });

  it('×1.5 gives one and a half times the chosen limit', async () => {
    const me = await withMultiplier(1.5);
    const round = (await start(me, { ...competition, timeLimitSec: 420 })).body as Round;
    expect(round.deadline! - round.startedAt).toBe(630_000);
  });

  it("'no time limit' has no deadline: answers hours later are taken, and the round is never timed out", async () => {
    const me = await withMultiplier('none');
    const round = (await start(me, competition)).body as Round;
    expect(round).toMatchObject({ deadline: null, timeMultiplier: 'none' });
    expect((await getRound(me.user_id, round.roundId))!.deadline).toBeNull();
    expect(await answerAt(me, round, 0, round.startedAt + 10 * 60 * 60 * 1000)).toMatchObject({ status: 200, body: { correct: true } });
    expect(await finish(me, round.roundId)).toMatchObject({ status: 409, body: { error: { code: 'round_active' } } });
  });

  it('a client cannot choose its own multiplier when starting a round', async () => {
    const me = await player();
    const { status, body } = await start(me, { ...competition, timeMultiplier: 'none', time_multiplier: 2, deadline: null });
    expect(status).toBe(201);
    expect(body.deadline - body.startedAt).toBe(180_000);
    expect(body.timeMultiplier).toBe(1);
  });

  it('the speed bonus is judged relative to the player\'s own window', async () => {
    const [double, standard] = await Promise.all([withMultiplier(2), player()]);
    const results = [];
    for (const [who, timeLimitSec] of [[double, 180], [standard, 420]] as const) {
      const round = (await start(who, { ...competition, timeLimitSec })).body as Round;
      // 19 s a question: slow by the standard mark, fast within a doubled window.
      let last;
      for (const i of round.questions.keys()) last = await answerAt(who, round, i, round.startedAt + (i + 1) * 19_000);
      vi.useRealTimers();
      results.push(last!.body.result);
    }
    expect(results[0]).toMatchObject({ score: 15, timeSpentMs: 285_000, points: 150 + 50 + 25 });
    expect(results[1]).toMatchObject({ score: 15, timeSpentMs: 285_000, points: 150 + 50 }); // the same pace in a standard window: no bonus
  });

  it('an untimed practice round carries no multiplier', async () => {
    const me = await withMultiplier(2);
    const { body } = await start(me, { subject: 'history', level: 'beginner' });
    expect(body.deadline).toBeNull();
    expect(body).not.toHaveProperty('timeMultiplier');
  });
});

describe('friend-challenge rounds', () => {
  it('each player gets the challenge limit times their own multiplier', { timeout: 30_000 }, async () => {
    const [a, b] = await Promise.all([player(), withMultiplier(1.5)]);
    parse(await sendRequest(httpEvent({ sub: a.user_id, body: { email: b.email } })));
    expect(parse(await respondRequest(httpEvent({ sub: b.user_id, body: { accept: true }, path: { userId: a.user_id } }))).status).toBe(200);
    const sent = parse(await sendChallenge(httpEvent({ sub: a.user_id, body: { friendId: b.user_id, subject: 'history', level: 'beginner', questionCount: 5, timeLimitSec: 300 } })));
    const id = sent.body.challenge.id as string;
    expect(parse(await respondChallenge(httpEvent({ sub: b.user_id, body: { accept: true }, path: { challengeId: id } }))).status).toBe(200);

    const roundA = (await start(a, { subject: 'history', level: 'beginner', challengeId: id })).body as Round;
    const roundB = (await start(b, { subject: 'history', level: 'beginner', challengeId: id })).body as Round;
    expect(roundA.deadline! - roundA.startedAt).toBe(300_000);
    expect(roundB.deadline! - roundB.startedAt).toBe(450_000);
    expect(roundB.timeMultiplier).toBe(1.5);

    expect(await answerAt(b, roundB, 0, roundB.startedAt + 400_000)).toMatchObject({ status: 200, body: { correct: true } });
    expect(await answerAt(a, roundA, 0, roundA.startedAt + 400_000)).toMatchObject({ status: 409, body: { error: { code: 'time_up' } } });
  });
});

describe('the profile field', () => {
  it('is saved through PATCH /api/me, shown back, kept when left out, and read by the server', async () => {
    const me = await player();
    expect(await timeMultiplierOf(me.user_id)).toBe(1); // unset: standard time
    const saved = await patchMe(me, { full_name: 'Ada Lovelace', phone_number: '', time_multiplier: 2 });
    expect(saved).toMatchObject({ status: 200, body: { message: 'Profile updated successfully!', profile: { metadata: { full_name: 'Ada Lovelace', time_multiplier: 2 } } } });
    expect(parse(await getMe(httpEvent({ sub: me.user_id }))).body.profile.metadata.time_multiplier).toBe(2);
    expect(await timeMultiplierOf(me.user_id)).toBe(2);

    // A form that does not send it (an older page) leaves it as it is.
    expect((await patchMe(me, { full_name: 'Ada', phone_number: '' })).body.profile.metadata.time_multiplier).toBe(2);
    expect((await patchMe(me, { full_name: 'Ada', phone_number: '', time_multiplier: 'none' })).body.profile.metadata.time_multiplier).toBe('none');
    expect(await timeMultiplierOf(me.user_id)).toBe('none');
  });

  it.each([3, 0.5, '2', 'unlimited', null])('refuses an unknown multiplier %j with 400 and changes nothing', async (time_multiplier) => {
    const me = await withMultiplier(1.5);
    const refused = await patchMe(me, { full_name: 'Ada', phone_number: '', time_multiplier });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ time_multiplier: TIME_MULTIPLIER_INVALID });
    expect(JSON.stringify(refused.body)).not.toContain(me.email);
    expect(await timeMultiplierOf(me.user_id)).toBe(1.5);
  });

  it('answers 401 without a session', async () => {
    expect(parse(await updateProfile(httpEvent({ body: { full_name: '', phone_number: '', time_multiplier: 2 } }))).status).toBe(401);
  });
});

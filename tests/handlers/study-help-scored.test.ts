import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/api.ts';
import { contentWords } from '../../shared/study-help/scored-questions.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';

/**
 * Study help never answers a question that can still earn the caller points:
 * the tutor, similar-question search and explanations hold back the open live-match question
 * and the unanswered questions of the caller's rounds in play, and open up once answered.
 */
useLocalStack();
const { handler: chat } = await import('../../functions/tutor/chat.ts');
const { handler: similarQuestions } = await import('../../functions/knowledge/similar-questions.ts');
const { handler: explainQuestion } = await import('../../functions/explanations/explain-question.ts');
const { handler: registerHandler } = await import('../../functions/tournaments/register.ts');
const { handler: getMatch } = await import('../../functions/tournaments/get-match.ts');
const { createQuickMatch } = await import('../../functions/tournaments/start-matches.ts');
const { claimStart, getTournamentQuestions } = await import('../../functions/tournaments/data/tournaments.ts');
const { getQuestions, getBankMeta } = await import('../../functions/questions/data/question-bank.ts');
const { putRound } = await import('../../functions/quiz/data/rounds.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { keys } = await import('../../functions/data/table-design.ts');
const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
const { scoredQuestionsFor } = await import('../../functions/knowledge/scored-questions.ts');
const { ensureDailyChallenge } = await import('../../functions/daily/generate-challenges.ts');
const { callerDay } = await import('../../functions/daily/daily-view.ts');
const { claimDailyRound } = await import('../../functions/daily/data/daily-challenges.ts');

type Person = Profile;
type Keyed = { id: string; question: string; correct_answer: string; options: string[] };

const ask = async (who: Person, message: string) => parse(await chat(httpEvent({ sub: who.user_id, body: { message, context: { subject: 'history', previousMessages: [] } } })));
const similar = async (who: Person, query: string) => parse(await similarQuestions(httpEvent({ sub: who.user_id, query: { query, subject: 'history' } })));

/** Whether a reply (text and citations) names the answer: a word of it the question does not hold. */
function namesAnswer(body: unknown, q: Keyed): boolean {
  const asked = contentWords(q.question);
  const distinctive = [...contentWords(q.correct_answer)].filter((w) => !asked.has(w));
  const said = contentWords(JSON.stringify(body));
  return distinctive.some((w) => said.has(w));
}

/** History beginner questions no daily challenge of today holds back for these players (so the control is a fair one). */
async function freeQuestions(count: number, ...who: Person[]): Promise<Keyed[]> {
  const meta = await getBankMeta('history', 'beginner');
  const all = await getQuestions('history', 'beginner', Array.from({ length: Math.min(meta?.ids.length ?? 40, 40) }, (_, i) => i));
  const held = new Set((await Promise.all(who.map((p) => scoredQuestionsFor(p)))).flat().map((q) => q.id));
  return all.filter((q) => q.question_type === 'text' && !held.has(q.id)).slice(0, count) as Keyed[];
}

async function activeRound(who: Person, questions: Keyed[], extra: { status?: 'active' | 'finished'; answers?: { questionId: string; answer: string | null; correct: boolean; answeredAt: number }[] } = {}) {
  const roundId = `${Date.now().toString(36)}${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const stored = await getQuestionsById(questions);
  await putRound({ roundId, userId: who.user_id, subject: 'history', level: 'beginner', mode: 'practice', timeZone: 'UTC', questions: stored, answers: extra.answers ?? [], startedAt: Date.now(), deadline: null, status: extra.status ?? 'active' });
  return roundId;
}

async function getQuestionsById(questions: Keyed[]) {
  const meta = await getBankMeta('history', 'beginner');
  const all = await getQuestions('history', 'beginner', Array.from({ length: Math.min(meta?.ids.length ?? 40, 40) }, (_, i) => i));
  return questions.map((q) => ({ ...all.find((a) => a.id === q.id)!, level: 'beginner' as const }));
}

/** Moves a match's state as the runner does (the test drives the clock, not the runner). */
async function matchState(id: string, values: Record<string, unknown>) {
  const names = Object.keys(values);
  await documentClient().send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME,
      Key: keys.tournament(id),
      UpdateExpression: `SET ${names.map((n, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, values[n]])),
    }),
  );
}

describe('study help and questions being scored', () => {
  it('the tutor does not answer the open live-match question to a registered player (the issue’s probe), and does once it closes', async () => {
    const [playing, watching] = await Promise.all([player(premium), player(premium)]);
    const t = await createQuickMatch({ startAt: new Date(), questionCount: 2, windowMs: 30_000, gapMs: 300, capacity: 10, subject: 'history', level: 'beginner' }, new Date());
    expect(parse(await registerHandler(httpEvent({ sub: playing.user_id, path: { tournamentId: t.id } }))).status).toBeLessThan(300);
    expect(await claimStart(t.id)).not.toBeNull();
    await matchState(t.id, { match_status: 'open', match_question: 1, open_at: new Date().toISOString(), close_at: new Date(Date.now() + 60_000).toISOString() });
    const key = (await getTournamentQuestions(t.id))[0]! as Keyed;
    const seen = parse(await getMatch(httpEvent({ sub: playing.user_id, path: { tournamentId: t.id } })));
    const text = seen.body.question.question.question as string;
    expect(text).toBe(key.question);

    // Someone not in the match gets the bank's answer (the probe's finding; the bank's chunk of
    // the question, "Answer: …", is cited); the match's questions are drawn at random, so the
    // reopened answer below is compared with this one.
    const open = await ask(watching, text);
    expect(open.status).toBe(200);
    const answerable = namesAnswer(open.body, key);

    for (const message of [text, `${text} ${key.options.join(', ')}`]) {
      const held = await ask(playing, message);
      expect(held.status).toBe(200);
      expect(held.body.citations).toEqual([]);
      expect(held.body.response).toMatch(/still being scored in your live match/);
      expect(namesAnswer(held.body, key)).toBe(false);
    }
    const sims = await similar(playing, text);
    expect(sims.body.questions.map((q: { question: string }) => q.question)).not.toContain(text);

    await matchState(t.id, { match_status: 'closed' });
    expect(namesAnswer((await ask(playing, text)).body, key)).toBe(answerable);
  }, 60_000);

  it('an unanswered question of a round in play is held back from the tutor and similar questions; answered, it opens', async () => {
    const [me, other] = await Promise.all([player(premium), player(premium)]);
    const [first, second] = await freeQuestions(2, me, other);
    const roundId = await activeRound(me, [first!, second!]);

    const control = await ask(other, first!.question);
    expect(namesAnswer(control.body, first!)).toBe(true);
    expect((await similar(other, first!.question)).body.questions.map((q: { question: string }) => q.question)).toContain(first!.question);

    const held = await ask(me, first!.question);
    expect(held.body.response).toMatch(/still being scored in your quiz round/);
    expect(namesAnswer(held.body, first!)).toBe(false);
    // Asked around (not the question itself): the passages that name the answer are left out.
    const around = await ask(me, `Tell me more about ${[...contentWords(first!.question)].slice(-2).join(' ')}`);
    expect(namesAnswer(around.body, first!)).toBe(false);
    expect((await similar(me, first!.question)).body.questions.map((q: { question: string }) => q.question)).not.toContain(first!.question);

    // Answered: the round has shown the answer, so study help opens for that question (the next one stays held).
    await documentClient().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: keys.round(me.user_id, roundId),
        UpdateExpression: 'SET answers = list_append(answers, :a)',
        ExpressionAttributeValues: { ':a': [{ questionId: first!.id, answer: first!.correct_answer, correct: true, answeredAt: Date.now() }] },
      }),
    );
    expect(namesAnswer((await ask(me, first!.question)).body, first!)).toBe(true);
    expect((await ask(me, second!.question)).body.response).toMatch(/still being scored/);
  }, 60_000);

  it('today’s daily challenge not yet played is held back until it is completed', async () => {
    const me = await player(premium);
    const day = callerDay(me, 'UTC', new Date());
    const challenge = (await ensureDailyChallenge(day.date, day.level, new Date()))!;
    const q = challenge.questions.find((x) => x.question_type === 'text')!;
    const held = await ask(me, q.question);
    expect(held.body.response).toMatch(/still being scored in your daily challenge/);
    expect(held.body.citations).toEqual([]);
    // Completed (the day's progress says so): nothing is held any more.
    const roundId = await activeRound(me, [], { status: 'finished' });
    expect(await claimDailyRound(me.user_id, challenge, roundId, new Date())).toBe(true);
    await documentClient().send(new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: keys.dailyProgress(me.user_id, day.date), UpdateExpression: 'SET completed = :t', ExpressionAttributeValues: { ':t': true } }));
    expect((await scoredQuestionsFor(me)).some((x) => x.id === q.id)).toBe(false);
  }, 60_000);

  it('an explanation of a question the caller still has in play elsewhere is refused with 409 and no answer', async () => {
    const me = await player(premium);
    const [q] = await freeQuestions(1, me);
    const wrong = q!.options.find((o) => o !== q!.correct_answer)!;
    const finished = await activeRound(me, [q!], { status: 'finished', answers: [{ questionId: q!.id, answer: wrong, correct: false, answeredAt: Date.now() }] });
    await activeRound(me, [q!]);
    const refused = parse(await explainQuestion(httpEvent({ sub: me.user_id, body: { roundId: finished, questionId: q!.id, answer: wrong } })));
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('question_in_play');
    expect(namesAnswer(refused.body, q!)).toBe(false);
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/api.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';

/**
 * The caller's records are read on every request, in the same request as the handler's own
 * first read: nothing cached can let a revoked session or a lost role
 * through, and a change is seen by the very next request.
 */
useLocalStack();
const { handler: startRound } = await import('../../functions/quiz/start-round.ts');
const { handler: answerQuestion } = await import('../../functions/quiz/answer-question.ts');
const { handler: overview } = await import('../../functions/admin/get-overview.ts');
const { handler: getMe } = await import('../../functions/profile/get-me.ts');
const { revokeSessionsBefore } = await import('../../functions/auth/data/sessions.ts');
const { getRound } = await import('../../functions/quiz/data/rounds.ts');
const { putProfile } = await import('../../functions/profile/data/profiles.ts');

/** A request as the authorizer hands it on: the token's subject and when it was issued. */
function as(who: Profile, iat: number, input: Parameters<typeof httpEvent>[0] = {}) {
  const event = httpEvent({ ...input, sub: who.user_id });
  event.requestContext.authorizer!.jwt!.claims = { sub: who.user_id, token_use: 'access', iat };
  return event;
}

describe('the caller on every request', () => {
  it('answers a round with the caller and the round read together, and refuses the next answer once sessions are revoked', async () => {
    const student = await player();
    const iat = Math.floor(Date.now() / 1000) - 5;
    const started = parse(await startRound(as(student, iat, { body: { subject: 'geography', level: 'beginner' } })));
    expect(started.status).toBe(201);
    const questions = started.body.questions as { id: string; options: string[] }[];
    const answer = (n: number) => answerQuestion(as(student, iat, { path: { roundId: started.body.roundId }, body: { questionId: questions[n]!.id, answer: questions[n]!.options[0] } }));

    expect(parse(await answer(0)).status).toBe(200);
    // Sign out everywhere (or a password change): the token in hand was issued before it.
    await revokeSessionsBefore(student.user_id, Date.now());
    expect(parse(await answer(1))).toMatchObject({ status: 401, body: { error: { code: 'session_revoked' } } });
    expect((await getRound(student.user_id, started.body.roundId))?.answers).toHaveLength(1);
  });

  it('sees a role taken away and a subscription ended on the very next request', async () => {
    const boss = await player({ role: 'admin', ...premium });
    const iat = Math.floor(Date.now() / 1000);
    expect(parse(await overview(as(boss, iat))).status).toBe(200);
    expect(parse(await getMe(as(boss, iat))).body).toMatchObject({ profile: { role: 'admin', subscription_status: 'premium' } });

    await putProfile({ ...boss, role: 'student', subscription_status: 'free' });
    expect(parse(await overview(as(boss, iat))).status).toBe(403);
    expect(parse(await getMe(as(boss, iat))).body).toMatchObject({ profile: { role: 'student', subscription_status: 'free' } });
  });

  it('refuses a round of another account as not found, though its key is read alongside the caller', async () => {
    const [owner, other] = await Promise.all([player(), player()]);
    const iat = Math.floor(Date.now() / 1000);
    const started = parse(await startRound(as(owner, iat, { body: { subject: 'geography', level: 'beginner' } })));
    const first = (started.body.questions as { id: string; options: string[] }[])[0]!;
    const stolen = await answerQuestion(as(other, iat, { path: { roundId: started.body.roundId }, body: { questionId: first.id, answer: first.options[0] } }));
    expect(parse(stolen).status).toBe(404);
  });
});

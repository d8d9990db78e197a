import { describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { answerPoints, QUESTION_LEAD_MS } from '../../shared/tournaments/schedule.ts';
import type { MatchStep } from '../../shared/tournaments/steps.ts';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { freshLoopbackAddress, postFrom } from '../support/loopback-http.ts';
import { player, premium } from '../support/players.ts';

/**
 * What a client claims about its clock: the ping's `t` over a real socket through the local
 * gateway (absurd values refused and never echoed, nothing reaching anyone else), and a live
 * match's answers, whose speed counts from the server's instant whatever the client sends.
 */
const { mailbox } = useLocalStack();
const api = inject('apiUrl');
const wsUrl = `${api.replace(/^http/, 'ws')}/ws`;
const { handler: signUp } = await import('../../functions/auth/sign-up.ts');
const { handler: confirm } = await import('../../functions/auth/confirm-sign-up.ts');
const { REALTIME_MESSAGES } = await import('../../functions/realtime/socket-event.ts');
const { handler: registerHandler } = await import('../../functions/tournaments/register.ts');
const { handler: answerHandler } = await import('../../functions/tournaments/answer.ts');
const { createQuickMatch } = await import('../../functions/tournaments/start-matches.ts');
const { runStep } = await import('../../functions/tournaments/match-runner.ts');
const { claimStart, getTournament, getTournamentQuestions, answersOf } = await import('../../functions/tournaments/data/tournaments.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { keys } = await import('../../functions/data/table-design.ts');
const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');

const PASSWORD = 'Pulsar#3141';

/** A signed-in account's open socket, with everything it heard in order. */
async function socket(): Promise<{ ws: WebSocket; heard: Record<string, unknown>[] }> {
  const email = uniqueEmail('clock');
  await signUp(httpEvent({ body: { email, password: PASSWORD } }));
  await confirm(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }));
  const response = await postFrom(freshLoopbackAddress(), `${api}/api/auth/sign-in`, { email, password: PASSWORD });
  expect(response.status).toBe(200);
  const { tokens } = response.body as { tokens: { accessToken: string } };
  const ws = new WebSocket(`${wsUrl}?token=${encodeURIComponent(tokens.accessToken)}`);
  const heard: Record<string, unknown>[] = [];
  ws.on('message', (data: Buffer) => heard.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, heard };
}

/** Sends one raw frame and polls for the next reply after what was heard so far. */
async function exchange(s: { ws: WebSocket; heard: Record<string, unknown>[] }, frame: string): Promise<Record<string, unknown>> {
  const before = s.heard.length;
  s.ws.send(frame);
  const deadline = Date.now() + 5000;
  while (s.heard.length === before) {
    if (Date.now() > deadline) throw new Error(`no reply to ${frame}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return s.heard[before]!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the ping’s t over a real socket', () => {
  it('absurd clocks are refused with a clear error and never echoed; a sane one is echoed with the server’s; a bystander hears none of it', { timeout: 60_000 }, async () => {
    const [prober, bystander] = await Promise.all([socket(), socket()]);
    try {
      // Paced under the socket's frame budget (functions/throttle.ts), so each frame is answered.
      for (const t of ['-1', '0', '1e308', '1e999', '0.5', '"1700000000000"', '"NaN"', '{"t":1}', '[1]', 'null']) {
        expect(await exchange(prober, `{"action":"ping","t":${t}}`), t).toEqual({ type: 'error', message: REALTIME_MESSAGES.badPing });
        await sleep(120);
      }
      const t = Date.now() + 0.5;
      const before = Date.now();
      const pong = await exchange(prober, JSON.stringify({ action: 'ping', t, topic: 'user:someone', data: '<script>' }));
      expect(pong).toEqual({ type: 'pong', t, server_time: expect.any(Number) });
      expect(pong.server_time as number).toBeGreaterThanOrEqual(before);
      expect(pong.server_time as number).toBeLessThanOrEqual(Date.now());
      // The bystander's own ping is answered, and it is the only thing it heard.
      expect(await exchange(bystander, JSON.stringify({ action: 'ping' }))).toEqual({ type: 'pong' });
      expect(bystander.heard).toEqual([{ type: 'pong' }]);
    } finally {
      prober.ws.close();
      bystander.ws.close();
    }
  });
});

describe('speed in a live match', () => {
  it('counts from the server’s instant only: an answer claiming its own time or speed scores as a plain one', { timeout: 60_000 }, async () => {
    const t = await createQuickMatch({ startAt: new Date(), questionCount: 1, windowMs: 30_000, gapMs: 300, capacity: 10, subject: 'geography', level: 'beginner' }, new Date());
    const [honest, claimer] = await Promise.all([player(premium), player(premium)]);
    for (const p of [honest, claimer]) expect(parse(await registerHandler(httpEvent({ sub: p.user_id, path: { tournamentId: t.id } }))).status).toBe(201);
    const key = (await getTournamentQuestions(t.id)).map((q) => q.correct_answer);
    expect(await claimStart(t.id)).toBe(1);
    const step: MatchStep = { tournamentId: t.id, question: 1, phase: 'open', seq: 1 };
    expect(await runStep(step, { now: () => Date.now(), send: async () => undefined })).toBe('opened');

    // Two seconds after the open, as if that much had passed (the stored instants move back).
    const stored = (await getTournament(t.id, true))!;
    const back = (at: string | null | undefined) => (at ? new Date(Date.parse(at) - (QUESTION_LEAD_MS + 2000)).toISOString() : null);
    await documentClient().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: keys.tournament(t.id),
        UpdateExpression: 'SET start_at = :start, open_at = :open, close_at = :close',
        ExpressionAttributeValues: { ':start': back(stored.start_at), ':open': back(stored.open_at), ':close': back(stored.close_at) },
      }),
    );

    const answer = (who: { user_id: string }, body: Record<string, unknown>) => answerHandler(httpEvent({ sub: who.user_id, path: { tournamentId: t.id }, body: { question: 1, answer: key[0], ...body } }));
    const sentAt = Date.now();
    const honestAnswer = parse(await answer(honest, {}));
    // The claimer says it answered at the open instant, in 0 ms, with a clock far in the past.
    const claimed = parse(await answer(claimer, { t: 1, at: new Date(Date.parse(stored.open_at!)).toISOString(), elapsed_ms: 0, elapsedMs: 0, client_time: -1e308, server_time: 0 }));
    const doneAt = Date.now();
    expect(honestAnswer.status).toBe(202);
    expect(claimed.status).toBe(202);
    // The receipt names the server's instant, not the claimed one.
    expect(Date.parse(claimed.body.at)).toBeGreaterThanOrEqual(sentAt);
    expect(Date.parse(claimed.body.at)).toBeLessThanOrEqual(doneAt);

    const byPlayer = new Map((await answersOf(t.id, 1)).map((a) => [a.user_id, a]));
    const mine = byPlayer.get(claimer.user_id)!;
    const theirs = byPlayer.get(honest.user_id)!;
    const openAt = Date.parse(back(stored.open_at)!);
    for (const a of [mine, theirs]) {
      // Speed from the (moved) open instant to the server's arrival: about 2 s, never the claimed 0.
      expect(a.elapsed_ms).toBeGreaterThanOrEqual(sentAt - openAt);
      expect(a.elapsed_ms).toBeLessThanOrEqual(doneAt - openAt);
      expect(a.points).toBe(answerPoints({ correct: true, elapsedMs: a.elapsed_ms, windowMs: 30_000 }));
    }
    // Answered after the honest player, the claimer cannot score more.
    expect(mine.elapsed_ms).toBeGreaterThanOrEqual(theirs.elapsed_ms);
    expect(mine.points).toBeLessThanOrEqual(theirs.points);
  });
});

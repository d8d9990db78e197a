import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { scheduledEvent, SCHEDULES } from '../../events/schedules.ts';
import { matchStateSchema, tournamentListSchema } from '../../shared/tournaments/api.ts';
import { answerPoints, QUESTION_LEAD_MS, TOURNAMENT_MESSAGES as M } from '../../shared/tournaments/schedule.ts';
import type { MatchStep } from '../../shared/tournaments/steps.ts';
import type { WebSocketEvent } from '../../functions/realtime/socket-event.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';

/** Live tournaments: registration, entitlement, server-clock answers, the runner. */
useLocalStack();
const { handler: listTournaments } = await import('../../functions/tournaments/list-tournaments.ts');
const { handler: registerHandler } = await import('../../functions/tournaments/register.ts');
const { handler: getMatch } = await import('../../functions/tournaments/get-match.ts');
const { handler: answerHandler } = await import('../../functions/tournaments/answer.ts');
const { createQuickMatch } = await import('../../functions/tournaments/start-matches.ts');
const { runStep } = await import('../../functions/tournaments/match-runner.ts');
const { resumeStalledMatches } = await import('../../functions/tournaments/resume-matches.ts');
const { claimStart, getTournament, getTournamentQuestions, answersOf } = await import('../../functions/tournaments/data/tournaments.ts');
const { canSubscribeToMatch } = await import('../../functions/tournaments/topic-access.ts');
const { handler: runLiveTournaments } = await import('../../functions/tournaments/run-live-tournaments.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { keys } = await import('../../functions/data/table-design.ts');
const { handler: listNotifications } = await import('../../functions/notifications/list-notifications.ts');
const { handler: saveSettings } = await import('../../functions/notifications/save-settings.ts');
const { DEFAULT_SETTINGS } = await import('../../shared/notifications/settings.ts');

type Person = Awaited<ReturnType<typeof player>>;
const register = async (who: Person, id: string) => parse(await registerHandler(httpEvent({ sub: who.user_id, path: { tournamentId: id } })));
const state = async (who: Person, id: string) => parse(await getMatch(httpEvent({ sub: who.user_id, path: { tournamentId: id } })));
const answer = async (who: Person, id: string, question: number, text: string) =>
  parse(await answerHandler(httpEvent({ sub: who.user_id, path: { tournamentId: id }, body: { question, answer: text } })));

const quick = (options: { capacity?: number; questions?: number; windowMs?: number; startInMs?: number } = {}) =>
  createQuickMatch(
    {
      startAt: new Date(Date.now() + (options.startInMs ?? 0)),
      questionCount: options.questions ?? 2,
      windowMs: options.windowMs ?? 2000,
      gapMs: 300,
      capacity: options.capacity ?? 100,
      subject: 'geography',
      level: 'beginner',
    },
    new Date(),
  );

/**
 * The step queue replaced by a record: the test alone delivers the steps, and may lose or
 * repeat one. The runner reads the real clock; time passing is `elapse` below.
 */
function stepQueue() {
  const sent: { step: MatchStep; delaySeconds: number }[] = [];
  const deps = { now: () => Date.now(), send: async (step: MatchStep, delaySeconds: number) => void sent.push({ step, delaySeconds }) };
  return { deps, sent, last: () => sent.at(-1)! };
}

/**
 * Moves a match's stored instants (start, open, close, last resume) back by `ms`: to the answer
 * handler, the runner and the resume job, which read the real clock, as if `ms` had passed. No
 * test waits for a window.
 */
async function elapse(id: string, ms: number): Promise<void> {
  const t = (await getTournament(id, true))!;
  const back = (at: string | null | undefined) => (at ? new Date(Date.parse(at) - ms).toISOString() : null);
  await documentClient().send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME,
      Key: keys.tournament(id),
      UpdateExpression: `SET start_at = :start, open_at = :open, close_at = :close${t.resumed_at ? ', resumed_at = :resumed' : ''}`,
      ExpressionAttributeValues: { ':start': back(t.start_at), ':open': back(t.open_at), ':close': back(t.close_at), ...(t.resumed_at ? { ':resumed': back(t.resumed_at) } : {}) },
    }),
  );
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const SECRET_FIELDS = /"(correct_answer|explanation|topic)"/;

describe('live tournaments', () => {
  it('lists this week’s seven scheduled tournaments (made on first list) with card states', async () => {
    const me = await player(premium);
    const { status, body } = parse(await listTournaments(httpEvent({ sub: me.user_id })));
    expect(status).toBe(200);
    const list = tournamentListSchema.parse(body);
    const weekly = list.tournaments.filter((t) => t.kind === 'weekly');
    expect(weekly.length).toBeGreaterThanOrEqual(7);
    expect(new Set(weekly.map((t) => t.name)).size).toBe(7);
    expect(weekly.every((t) => t.question_count === 25 && t.entry_fee === 0 && !t.is_registered)).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(SECRET_FIELDS);
  });

  it('refuses free accounts everywhere with 403 and no data; the topic is for registered players only', async () => {
    const free = await player();
    const t = await quick({ startInMs: 60 * 60_000 });
    for (const result of [parse(await listTournaments(httpEvent({ sub: free.user_id }))), await register(free, t.id), await state(free, t.id), await answer(free, t.id, 1, 'x')]) {
      expect(result.status).toBe(403);
      expect(Object.keys(result.body)).toEqual(['error']);
    }
    const stranger = await player(premium);
    expect((await state(stranger, t.id)).status).toBe(403);
    expect(await canSubscribeToMatch(stranger.user_id, t.id)).toBe(false);
    expect((await register(stranger, t.id)).status).toBe(201);
    expect(await canSubscribeToMatch(stranger.user_id, t.id)).toBe(true);
    expect(await canSubscribeToMatch(stranger.user_id, 'quick-000000000000')).toBe(false);
    expect((await state(stranger, 'quick-000000000000')).status).toBe(404);
  });

  it('registration under concurrency: exactly capacity succeed, each player once', async () => {
    const t = await quick({ capacity: 5, startInMs: 60 * 60_000 });
    const people = await Promise.all(Array.from({ length: 9 }, () => player(premium)));
    const results = await Promise.all([...people, people[0]!, people[1]!].map((p) => register(p, t.id)));
    const ok = results.filter((r) => r.status === 201);
    expect(ok).toHaveLength(5);
    const refused = results.filter((r) => r.status === 409).map((r) => r.body.error.message);
    expect(refused).toHaveLength(6);
    expect(refused.every((m) => m === M.full || m === M.alreadyRegistered)).toBe(true);
    expect((await getTournament(t.id, true))?.participants).toBe(5);
    // Delete Account finds the registrations (which hold the e-mail) by index.
    const registered = people.find((_, i) => results[i]!.status === 201)!;
    const { accountItemKeys } = await import('../../functions/profile/data/account-data.ts');
    expect(await accountItemKeys(registered.user_id, registered.email)).toContainEqual({ pk: `TOURN#${t.id}`, sk: `PLAYER#${registered.user_id}` });
  });

  it('plays a match as timed steps on the server clock: each step returns at once and queues the next with its delay; not-open, late and duplicate answers refused, key hidden until the close, rejoin keeps the score', async () => {
    const t = await quick({ questions: 2, windowMs: 30_000 });
    const [fast, wrong, slow, extra] = await Promise.all([player(premium), player(premium), player(premium), player({ ...premium, metadata: { time_multiplier: 2 } })]);
    for (const p of [fast, wrong, slow, extra]) expect((await register(p, t.id)).status).toBe(201);
    const key = (await getTournamentQuestions(t.id)).map((q) => q.correct_answer);
    const options = (await getTournamentQuestions(t.id)).map((q) => q.options);
    const wrongOption = (n: number) => options[n - 1]!.find((o) => o !== key[n - 1])!;

    // Before the start: nothing is open. The start is claimed once and names the first step.
    expect((await answer(fast, t.id, 1, key[0]!)).body.error.message).toBe(M.questionNotOpen);
    const seq = await claimStart(t.id);
    expect(seq).toBe(1);
    expect(await claimStart(t.id)).toBeNull();

    const { deps, sent, last } = stepQueue();
    const open1: MatchStep = { tournamentId: t.id, question: 1, phase: 'open', seq: 1 };
    const began = performance.now();
    expect(await runStep(open1, deps)).toBe('opened');
    // The step does its writes and returns: its close waits in the queue for the (double) window, not here.
    expect(performance.now() - began).toBeLessThan(5000);
    // Announced the lead ahead: it opens QUESTION_LEAD_MS from now, and closes a (double) window after that.
    expect(sent).toEqual([{ step: { tournamentId: t.id, question: 1, phase: 'close', seq: 2 }, delaySeconds: 60 + QUESTION_LEAD_MS / 1000 }]);
    const view = matchStateSchema.parse((await state(fast, t.id)).body);
    expect(view.question).toMatchObject({ number: 1, total: 2 });
    expect(Date.parse(view.question!.open_at) - Date.now()).toBeGreaterThan(QUESTION_LEAD_MS - 1000);
    // The extra-time player keeps the question open for everyone for 2 × 30 s.
    expect(Date.parse(view.question!.close_at) - Date.parse(view.question!.open_at)).toBe(60_000);
    expect(JSON.stringify(view)).not.toMatch(SECRET_FIELDS);
    expect(view.last_closed).toBeNull();

    // Before its open instant the question is on the way, not open: an answer (a client that shows it early) is refused.
    const tooSoon = await answer(fast, t.id, 1, key[0]!);
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.error.message).toBe(M.questionNotOpen);
    // A second after the open (three after the push), speed is measured from the open instant, not from the push.
    await elapse(t.id, QUESTION_LEAD_MS + 1000);
    const accepted = await answer(fast, t.id, 1, key[0]!);
    expect(accepted.status).toBe(202);
    const stored = (await answersOf(t.id, 1))[0]!;
    expect(stored.elapsed_ms).toBeGreaterThanOrEqual(1000);
    expect(stored.elapsed_ms).toBeLessThan(QUESTION_LEAD_MS + 1000);
    expect(stored.points).toBe(answerPoints({ correct: true, elapsedMs: stored.elapsed_ms, windowMs: 30_000 }));
    expect(JSON.stringify(accepted.body)).not.toMatch(SECRET_FIELDS);
    expect((await answer(wrong, t.id, 1, wrongOption(1))).status).toBe(202);
    expect((await answer(fast, t.id, 1, key[0]!)).body.error.message).toBe(M.duplicate);
    expect((await answer(fast, t.id, 2, key[1]!)).body.error.message).toBe(M.questionNotOpen);
    // Before the close, a player's own score says nothing about their answer.
    expect((await state(fast, t.id)).body.me).toMatchObject({ score: 0, answered_current: true });
    // 31 s later the standard window has passed for `slow` (×1) while `extra` (×2) may still answer.
    await elapse(t.id, 31_000);
    const elapsedAt = Date.now();
    expect((await answer(slow, t.id, 1, key[0]!)).body.error.message).toBe(M.late);
    expect((await answer(extra, t.id, 1, key[0]!)).status).toBe(202);

    // A redelivered open writes, pushes and queues nothing; a close delivered before its instant is queued again for the rest.
    expect(await runStep(open1, deps)).toBe('stale');
    const close1 = sent[0]!.step;
    expect(await runStep(close1, deps)).toBe('early');
    expect(last().step).toEqual(close1);
    // What is left of the window: 29 s less the real seconds these requests took on a busy machine.
    expect(last().delaySeconds).toBeGreaterThanOrEqual(28 - Math.ceil((Date.now() - elapsedAt) / 1000));
    expect(last().delaySeconds).toBeLessThanOrEqual(29);
    expect(matchStateSchema.parse((await state(fast, t.id)).body).question?.number).toBe(1);

    // At its close: closed, scored, and the next open queued a pause after (already due: no delay).
    await elapse(t.id, 30_000);
    expect(await runStep(close1, deps)).toBe('closed');
    expect(last()).toEqual({ step: { tournamentId: t.id, question: 2, phase: 'open', seq: 3 }, delaySeconds: 0 });
    const after = matchStateSchema.parse((await state(fast, t.id)).body);
    expect(after.last_closed).toEqual({ number: 1, correct_answer: key[0] });
    expect(after.me.score).toBeGreaterThan(1000);
    expect(after.me).toMatchObject({ correct: 1, answered: 1 });
    expect(after.top.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    expect(after.top.map((r) => r.score)).toEqual([...after.top.map((r) => r.score)].sort((x, y) => y - x));
    expect(after.top.find((r) => r.is_me)).toEqual({ rank: after.me.rank, player: expect.stringMatching(/^pl/), score: after.me.score, correct: 1, is_me: true });
    expect(after.top.slice(2).map((r) => r.score)).toEqual([0, 0]);
    expect((await state(wrong, t.id)).body.me).toMatchObject({ score: 0, correct: 0, answered: 1 });
    const extraScore = (await state(extra, t.id)).body.me.score as number;
    expect(extraScore).toBeGreaterThan(1000);
    // Answers after the close are refused; nothing is lost or counted twice.
    expect((await answer(slow, t.id, 1, key[0]!)).status).toBe(409);
    expect(await answersOf(t.id, 1)).toHaveLength(3);

    // The close delivered again (SQS delivers at least once): nothing scored twice, nothing queued; rejoining gives the same score.
    const queued = sent.length;
    expect(await runStep(close1, deps)).toBe('stale');
    expect(sent).toHaveLength(queued);
    expect((await state(fast, t.id)).body.me.score).toBe(after.me.score);
    expect((await state(extra, t.id)).body.me.score).toBe(extraScore);

    // Question 2's open, delivered twice at once: opened once, one close queued.
    const open2 = last().step;
    const outcomes = await Promise.all([runStep(open2, deps), runStep(open2, deps)]);
    expect(outcomes.filter((o) => o === 'opened')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'opened')[0]).toBeOneOf(['duplicate', 'stale']);
    expect(sent.slice(queued)).toEqual([{ step: { tournamentId: t.id, question: 2, phase: 'close', seq: 4 }, delaySeconds: 60 + QUESTION_LEAD_MS / 1000 }]);
    await elapse(t.id, 60_000 + QUESTION_LEAD_MS);
    expect(await runStep(last().step, deps)).toBe('closed');
    // The last close finishes the match and queues nothing more.
    expect(sent).toHaveLength(queued + 1);
    const final = matchStateSchema.parse((await state(fast, t.id)).body);
    expect(final.status).toBe('finished');
    expect(final.me.score).toBe(after.me.score);
    expect(final.tournament.state).toBe('finished');
    expect(await runStep(last().step, deps)).toBe('stale');

    // Delete Account: the player's registration, answers and line in the standings go; the others stay.
    const { deleteAccountData } = await import('../../functions/profile/data/account-data.ts');
    const { getStandings, getPlayer } = await import('../../functions/tournaments/data/tournaments.ts');
    await deleteAccountData(fast.user_id, fast.email);
    expect(await getPlayer(t.id, fast.user_id)).toBeUndefined();
    expect((await answersOf(t.id, 1)).map((a) => a.user_id).sort()).toEqual([wrong.user_id, extra.user_id].sort());
    const standings = await getStandings(t.id);
    expect(JSON.stringify(standings)).not.toContain(fast.user_id);
    expect(standings?.ranks[extra.user_id]).toBeDefined();
  });

  it('the socket’s ping with the client’s time answers with the server’s clock (a clock-sync sample); a plain ping stays a plain pong', async () => {
    const { handler: ping } = await import('../../functions/realtime/ping.ts');
    const event = (body: unknown) => ({ body: JSON.stringify(body), isBase64Encoded: false, requestContext: { connectionId: 'c1', routeKey: 'ping' } }) as unknown as WebSocketEvent;
    const before = Date.now();
    const sample = await ping(event({ action: 'ping', t: before }));
    const body = JSON.parse((sample as { body: string }).body) as { type: string; t: number; server_time: number };
    expect(body).toMatchObject({ type: 'pong', t: before });
    expect(body.server_time).toBeGreaterThanOrEqual(before);
    expect(body.server_time).toBeLessThanOrEqual(Date.now());
    expect(JSON.parse((await ping(event({ action: 'ping' })) as { body: string }).body)).toEqual({ type: 'pong' });
    expect(JSON.parse((await ping(event({ action: 'ping', t: 'soon' })) as { body: string }).body)).toMatchObject({ type: 'error' });
  });

  it('a match whose step message was lost is resumed from its stored state by the per-minute job: a fresh window, scores earned before kept, nothing opened or scored twice, older messages stale', async () => {
    const t = await quick({ questions: 2, windowMs: 4000 });
    const [early, late] = await Promise.all([player(premium), player(premium)]);
    for (const p of [early, late]) expect((await register(p, t.id)).status).toBe(201);
    const key = (await getTournamentQuestions(t.id)).map((q) => q.correct_answer);
    const seq = (await claimStart(t.id))!;
    const { deps, sent, last } = stepQueue();

    // Question 1 opens; its close message is lost (a crash after the write, a message gone).
    expect(await runStep({ tournamentId: t.id, question: 1, phase: 'open', seq }, deps)).toBe('opened');
    const lostClose = last().step;
    await elapse(t.id, QUESTION_LEAD_MS);
    expect((await answer(early, t.id, 1, key[0]!)).status).toBe(202);
    const earned = (await answersOf(t.id, 1))[0]!.points;
    expect(earned).toBeGreaterThan(1000);

    // A minute on, question 1's close is long past and nobody closed it; a late answer is refused.
    await elapse(t.id, 60_000);
    expect((await answer(late, t.id, 1, key[0]!)).status).toBe(409);
    expect(await resumeStalledMatches(new Date(), deps)).toEqual([t.id]);
    const reopened = matchStateSchema.parse((await state(late, t.id)).body);
    expect(reopened.status).toBe('open');
    expect(reopened.question?.number).toBe(1);
    expect(Date.parse(reopened.question!.close_at)).toBeGreaterThan(Date.now());
    // Keyed on the stored state and step: a second run finds nothing overdue and opens nothing again.
    const reopenedAt = (await getTournament(t.id, true))!.open_at;
    expect(await resumeStalledMatches(new Date(), deps)).toEqual([]);
    expect((await getTournament(t.id, true))!.open_at).toBe(reopenedAt);

    // The job queued the reopened question as an open step, due now: announced again, its close queued for the fresh window.
    const announce = last();
    expect(announce).toEqual({ step: { tournamentId: t.id, question: 1, phase: 'open', seq: seq + 2 }, delaySeconds: 0 });
    expect(await runStep(announce.step, deps)).toBe('announced');
    expect(await runStep(announce.step, deps)).toBe('stale');
    expect(last().step).toEqual({ tournamentId: t.id, question: 1, phase: 'close', seq: seq + 3 });
    expect(last().delaySeconds).toBeGreaterThanOrEqual(3);
    // The player the loss kept out answers in the fresh window; the early answer stands, once.
    expect((await answer(late, t.id, 1, key[0]!)).status).toBe(202);
    expect((await answer(early, t.id, 1, key[0]!)).body.error.message).toBe(M.duplicate);
    // The lost close, found after all, is stale: the reopen replaced it.
    await elapse(t.id, 5_000);
    expect(await runStep(lostClose, deps)).toBe('stale');
    expect(await runStep(last().step, deps)).toBe('closed');

    // Now question 2's open is lost: the job hands question 1 again, which is scored again (adding nothing) and hands question 2 on.
    await elapse(t.id, 60_000);
    expect(await resumeStalledMatches(new Date(), deps)).toEqual([t.id]);
    expect(last().step).toMatchObject({ question: 1, phase: 'close' });
    expect(await runStep(last().step, deps)).toBe('settled');
    expect(last()).toMatchObject({ step: { question: 2, phase: 'open' }, delaySeconds: 0 });
    expect(await runStep(last().step, deps)).toBe('opened');
    await elapse(t.id, 5_000 + QUESTION_LEAD_MS);
    expect(await runStep(last().step, deps)).toBe('closed');

    const done = matchStateSchema.parse((await state(early, t.id)).body);
    expect(done.status).toBe('finished');
    const lateEarned = (await answersOf(t.id, 1)).find((a) => a.user_id === late.user_id)!.points;
    expect(done.me).toMatchObject({ score: earned, correct: 1, answered: 1 });
    expect((await state(late, t.id)).body.me).toMatchObject({ score: lateEarned, correct: 1, answered: 1 });
    expect(await answersOf(t.id, 1)).toHaveLength(2);
    expect(sent.map((s) => s.delaySeconds).every((d) => d >= 0 && d <= 900)).toBe(true);
  });

  it('runs a started match through the local step queue on its own, to the end (the same queue and consumer as in AWS, delays included)', { timeout: 30_000 }, async () => {
    const t = await quick({ questions: 2, windowMs: 1000 });
    const who = await player(premium);
    expect((await register(who, t.id)).status).toBe(201);
    // The per-minute job finds the due match and queues its first step; from there each step queues the next.
    const { started } = await runLiveTournaments(scheduledEvent('run-live-tournaments', SCHEDULES['run-live-tournaments'], Date.now()));
    expect(started).toContain(t.id);
    // Shown (and answerable) from its announced open instant.
    const open = await until(() => state(who, t.id), (s) => s.body.question !== null && Date.parse(s.body.question.open_at) <= Date.now());
    const key = (await getTournamentQuestions(t.id)).map((q) => q.correct_answer);
    expect((await answer(who, t.id, open.body.question.number, key[open.body.question.number - 1]!)).status).toBe(202);
    const done = await until(() => state(who, t.id), (s) => s.body.status === 'finished', 20_000);
    expect(done.body.status).toBe('finished');
    expect(done.body.last_closed.number).toBe(2);
    expect(done.body.me.score).toBeGreaterThan(1000);
  });

  it('alerts registered players in the bell once before their match starts (two job runs: one alert), in quiet hours too; alerts off: none (issue 23 item 8)', { timeout: 30_000 }, async () => {
    const t = await quick({ startInMs: 10 * 60_000 });
    const [on, quiet, off] = await Promise.all([player(premium), player(premium), player(premium)]);
    // Quiet hours all day long: an alert held until they end would come after the match.
    expect(parse(await saveSettings(httpEvent({ sub: quiet.user_id, body: { ...DEFAULT_SETTINGS, quietHours: { start: '00:00', end: '23:59' } } }))).status).toBe(200);
    expect(parse(await saveSettings(httpEvent({ sub: off.user_id, body: { ...DEFAULT_SETTINGS, tournamentAlerts: false } }))).status).toBe(200);
    for (const p of [on, quiet, off]) expect((await register(p, t.id)).status).toBe(201);

    type Item = { type: string; title: string; message: string; action_url?: string };
    const bell = async (who: Person) => (parse(await listNotifications(httpEvent({ sub: who.user_id }))).body as { notifications: Item[] }).notifications.filter((n) => n.type === 'tournament');
    const job = () => runLiveTournaments(scheduledEvent('run-live-tournaments', SCHEDULES['run-live-tournaments'], Date.now()));

    // The job publishes the match's alert once (its mark), however often it runs.
    expect((await job()).alerted).toContain(t.id);
    expect((await job()).alerted).not.toContain(t.id);
    const alerts = await until(() => bell(on), (items) => items.length > 0);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: 'Your live match starts soon', action_url: `/live-match/${t.id}` });
    expect(alerts[0]!.message).toContain('Quick Match');
    expect(await until(() => bell(quiet), (items) => items.length > 0)).toHaveLength(1);
    // Nothing more was published; the one delivery gave each their item, keyed by the match, and none with alerts off.
    expect((await job()).alerted).not.toContain(t.id);
    expect(await bell(on)).toHaveLength(1);
    expect(await bell(quiet)).toHaveLength(1);
    expect(await bell(off)).toHaveLength(0);
  });
});

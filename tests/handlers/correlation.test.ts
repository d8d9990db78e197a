import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalEventBus, type PutEntry } from '../../infra/local/event-bus.ts';
import { repoPath } from '../../infra/constructs/bundling.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

/**
 * One friend challenge followed end to end by its correlation id: the last
 * answer's request names an id; the round's QuizCompleted carries it to record-challenge-attempt,
 * whose ChallengeFinished carries it on to notify, and every consumer's log line says so.
 * The shared stack's bus runs its consumers in another process, whose logs this file cannot
 * read; so PutEvents goes to a bus of this file's own (the local runtime's LocalEventBus, the
 * same routing and Lambda-like host), and the consumers log here.
 */
useLocalStack();
process.env.LOG_LEVEL = 'debug';

const bus = new LocalEventBus(repoPath('.'));
const published: PutEntry[] = [];
const server: Server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const { Entries = [] } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Entries?: PutEntry[] };
    published.push(...Entries);
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(JSON.stringify({ FailedEntryCount: 0, Entries: Entries.map((entry) => ({ EventId: bus.put(entry) })) }));
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const { handler: sendRequest } = await import('../../functions/social/send-friend-request.ts');
const { handler: respondRequest } = await import('../../functions/social/respond-friend-request.ts');
const { handler: sendChallenge } = await import('../../functions/social/send-challenge.ts');
const { handler: respondChallenge } = await import('../../functions/social/respond-challenge.ts');
const { handler: startRound } = await import('../../functions/quiz/start-round.ts');
const { handler: answerQuestion } = await import('../../functions/quiz/answer-question.ts');
const { getChallenge } = await import('../../functions/social/data/challenges.ts');

/** Every JSON line printed (the Powertools logger writes to stdout and stderr itself). */
const lines: Record<string, unknown>[] = [];
beforeAll(() => {
  const keep = (chunk: unknown) => {
    for (const line of String(chunk).split('\n')) if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(keep);
  vi.spyOn(process.stderr, 'write').mockImplementation(keep);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await bus.drain();
  await new Promise((resolve) => server.close(resolve));
});

type Person = Awaited<ReturnType<typeof player>>;
const call = async (handler: (event: ReturnType<typeof httpEvent>) => Promise<{ statusCode?: number; body?: string }>, event: ReturnType<typeof httpEvent>) => parse(await handler(event));
const withHeader = (event: ReturnType<typeof httpEvent>, correlationId: string) => ({ ...event, headers: { ...event.headers, 'x-correlation-id': correlationId } });

/** Plays a round of the challenge to its end; the last answer's request carries `lastCorrelationId`. */
async function play(who: Person, challengeId: string, lastCorrelationId: string) {
  const round = (await call(startRound, httpEvent({ sub: who.user_id, body: { subject: 'history', level: 'beginner', challengeId } }))).body;
  const stored = await getChallenge(challengeId);
  for (const [i, question] of (round.questions as { id: string }[]).entries()) {
    const event = { ...httpEvent({ sub: who.user_id, body: { questionId: question.id, answer: stored!.questions[i]!.correct_answer } }), pathParameters: { roundId: round.roundId as string } };
    const last = i === round.questions.length - 1;
    expect((await call(answerQuestion, last ? withHeader(event, lastCorrelationId) : event)).status).toBe(200);
  }
}

describe('a correlation id follows a friend challenge from the request into every consumer', () => {
  it('from the last answer through QuizCompleted and ChallengeFinished to the notify consumer', { timeout: 30_000 }, async () => {
    const [a, b] = await Promise.all([player(), player()]);
    expect((await call(sendRequest, httpEvent({ sub: a.user_id, body: { email: b.email } }))).status).toBe(201);
    expect((await call(respondRequest, httpEvent({ sub: b.user_id, body: { accept: true }, path: { userId: a.user_id } }))).status).toBe(200);
    const sent = await call(sendChallenge, withHeader(httpEvent({ sub: a.user_id, body: { friendId: b.user_id, subject: 'history', level: 'beginner', questionCount: 5, timeLimitSec: 300 } }), 'challenge-sent-1'));
    const challengeId = sent.body.challenge.id as string;
    expect((await call(respondChallenge, httpEvent({ sub: b.user_id, body: { accept: true }, path: { challengeId } }))).status).toBe(200);

    await play(a, challengeId, 'a-finished-1');
    await play(b, challengeId, 'b-finished-1');
    await bus.drain();

    // The events on the wire: each carries the id of the request that caused it, beside its facts.
    const detailOf = (type: string) => published.filter((e) => e.DetailType === type).map((e) => JSON.parse(e.Detail!) as { meta?: { correlationId: string }; challengeId?: string });
    expect(detailOf('ChallengeSent').map((d) => d.meta)).toEqual([{ correlationId: 'challenge-sent-1' }]);
    expect(detailOf('QuizCompleted').filter((d) => d.challengeId === challengeId).map((d) => d.meta?.correlationId).sort()).toEqual(['a-finished-1', 'b-finished-1']);
    expect(detailOf('ChallengeFinished').filter((d) => d.challengeId === challengeId).map((d) => d.meta)).toEqual([{ correlationId: 'b-finished-1' }]);

    // The consumers' lines: the one that finished the challenge, and the one that told both players, two hops on.
    const consumed = (fn: string, type: string) =>
      lines.filter((l) => l.message === 'event received' && l.function_name === fn && l.detail_type === type).map((l) => l.correlation_id);
    expect(consumed('notify', 'ChallengeSent')).toContain('challenge-sent-1');
    expect(consumed('record-challenge-attempt', 'QuizCompleted')).toEqual(expect.arrayContaining(['a-finished-1', 'b-finished-1']));
    expect(consumed('notify', 'ChallengeFinished')).toEqual(['b-finished-1']);
    expect(consumed('write-feed-items', 'ChallengeFinished')).toEqual(['b-finished-1']);
    // Each consumer line carries the Lambda-like context the local host hands every handler.
    const line = lines.find((l) => l.function_name === 'notify' && l.detail_type === 'ChallengeFinished');
    expect(line).toMatchObject({ service: 'quizquest', level: 'DEBUG', function_request_id: expect.stringMatching(/^[0-9a-f-]{36}$/), cold_start: expect.any(Boolean) });
  });
});

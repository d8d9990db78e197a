import { describe, expect, it } from 'vitest';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';

useLocalStack();
const { handler: startRound } = await import('../../functions/quiz/start-round.ts');
const { handler: answerQuestion } = await import('../../functions/quiz/answer-question.ts');
const { handler: finishRound } = await import('../../functions/quiz/finish-round.ts');
const { handler: toggleBookmark } = await import('../../functions/quiz/toggle-bookmark.ts');
const { handler: listReview } = await import('../../functions/review/list-review.ts');
const { handler: saveNotes } = await import('../../functions/review/save-notes.ts');
const { handler: listDueCards } = await import('../../functions/review/list-due-cards.ts');
const { handler: rateCard } = await import('../../functions/review/rate-card.ts');
const { ensureCards } = await import('../../functions/review/data/reviews.ts');
const { deleteAccountData } = await import('../../functions/profile/data/account-data.ts');
const { getRound } = await import('../../functions/quiz/data/rounds.ts');
const { getBankMeta } = await import('../../functions/questions/data/question-bank.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { keys } = await import('../../functions/data/table-design.ts');

type Round = { roundId: string; questions: { id: string; options: string[] }[]; bookmarkedIds: string[] };
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** Moves a round back in time, as leaving it would: its start, its answers and (timed) its deadline. */
async function ageRound(userId: string, roundId: string, ago: { startedAgo: number; answeredAgo: number; deadlineAgo?: number }) {
  const stored = (await getRound(userId, roundId))!;
  const now = Date.now();
  await documentClient().send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME,
      Key: keys.round(userId, roundId),
      UpdateExpression: 'SET startedAt = :started, answers = :answers, deadline = :deadline',
      ExpressionAttributeValues: {
        ':started': now - ago.startedAgo,
        ':answers': stored.answers.map((a) => ({ ...a, answeredAt: now - ago.answeredAgo })),
        ':deadline': ago.deadlineAgo === undefined ? stored.deadline : now - ago.deadlineAgo,
      },
    }),
  );
}

const start = async (sub: string, body: Record<string, unknown> = {}) =>
  parse(await startRound(httpEvent({ sub, body: { subject: 'history', level: 'beginner', mode: 'practice', timeZone: 'UTC', ...body } })));
const answer = async (sub: string, roundId: string, body: Record<string, unknown>) => parse(await answerQuestion({ ...httpEvent({ sub, body }), pathParameters: { roundId } }));
const finish = async (sub: string, roundId: string) => parse(await finishRound({ ...httpEvent({ sub }), pathParameters: { roundId } }));
const toggle = async (sub: string, questionId: string) => parse(await toggleBookmark(httpEvent({ sub, body: { questionId } })));
const review = async (sub: string) => parse(await listReview(httpEvent({ sub })));
const notes = async (sub: string, questionId: string, body: unknown) => parse(await saveNotes(httpEvent({ sub, body, path: { questionId } })));
const due = async (sub: string) => parse(await listDueCards(httpEvent({ sub })));
const rate = async (sub: string, questionId: string, rating: unknown) => parse(await rateCard(httpEvent({ sub, body: { rating }, path: { questionId } })));

/** The answer key, read as only the server can. */
const key = async (userId: string, roundId: string) => (await getRound(userId, roundId))!.questions.map((q) => q.correct_answer);

async function liveIds(count: number): Promise<{ id: string; subject: 'history'; level: 'beginner' }[]> {
  const meta = (await getBankMeta('history', 'beginner'))!;
  const live = [...new Set(Object.values(meta.topics).flat())].sort((a, b) => a - b);
  return live.slice(0, count).map((index) => ({ id: meta.publicIds[index]!, subject: 'history', level: 'beginner' }));
}

/** Moves a card's next review (and its index key) to `at`, as time passing would. */
async function makeDue(userId: string, questionId: string, at: Date) {
  await documentClient().send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME,
      Key: keys.reviewCard(userId, questionId),
      UpdateExpression: 'SET next_review = :at, gsi1sk = :due',
      ExpressionAttributeValues: { ':at': at.toISOString(), ':due': keys.reviewCardDue(userId, at.toISOString(), questionId).gsi1sk },
    }),
  );
}

async function ownItems(userId: string, prefix: string) {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: process.env.TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': prefix },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

describe('bookmarks in a round and in Review Mode', () => {
  it('a round shows the questions bookmarked before it started', async () => {
    const me = await player();
    const first = (await start(me.user_id)).body as Round;
    expect(first.bookmarkedIds).toEqual([]);
    expect((await toggle(me.user_id, first.questions[1]!.id)).body).toEqual({ bookmarked: true });
    const again = (await start(me.user_id, { retryOf: first.roundId })).body as Round;
    expect(again.questions.map((q) => q.id)).toEqual(first.questions.map((q) => q.id));
    expect(again.bookmarkedIds).toEqual([first.questions[1]!.id]);
  });

  it('lists a bookmark with its correct answer once the question is answered (never before), and the empty list', async () => {
    const me = await player();
    expect(await review(me.user_id)).toEqual({ status: 200, body: { items: [], held: 0 } });
    const round = (await start(me.user_id)).body as Round;
    const answers = await key(me.user_id, round.roundId);
    const q = round.questions[0]!;
    await toggle(me.user_id, q.id);
    // Still to be answered in the round in play: no answer key yet, only a count.
    expect((await review(me.user_id)).body).toEqual({ items: [], held: 1 });
    await answer(me.user_id, round.roundId, { questionId: q.id, answer: answers[0] });
    const { body } = await review(me.user_id);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ questionId: q.id, subject: 'history', level: 'beginner', correctAnswer: answers[0], options: q.options, notes: '' });
  });

  it('an untimed round left for 2 hours no longer holds its bookmarked questions back', async () => {
    const me = await player();
    const round = (await start(me.user_id)).body as Round;
    await toggle(me.user_id, round.questions[3]!.id);
    expect((await review(me.user_id)).body).toEqual({ items: [], held: 1 });
    await documentClient().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: keys.round(me.user_id, round.roundId),
        UpdateExpression: 'SET startedAt = :at',
        ExpressionAttributeValues: { ':at': Date.now() - 2 * 60 * 60 * 1000 - 1000 },
      }),
    );
    const { body } = await review(me.user_id);
    expect(body.held).toBe(0);
    expect(body.items.map((item: { questionId: string }) => item.questionId)).toEqual([round.questions[3]!.id]);
  });

  it('the hold follows the round’s life: a round answered a moment ago still holds, however long ago it started', async () => {
    const me = await player();
    const round = (await start(me.user_id)).body as Round;
    await toggle(me.user_id, round.questions[3]!.id);
    await answer(me.user_id, round.roundId, { questionId: round.questions[0]!.id, skip: true });
    // Started 3 hours ago, but its last answer was 10 minutes ago: it is being played (and can be resumed).
    await ageRound(me.user_id, round.roundId, { startedAgo: 3 * HOUR, answeredAgo: 10 * 60 * 1000 });
    expect((await review(me.user_id)).body).toEqual({ items: [], held: 1 });
  });

  it('a round left unfinished releases its questions: its misses reach spaced repetition, and it takes no more answers', async () => {
    const me = await player(premium);
    const round = (await start(me.user_id)).body as Round;
    const answers = await key(me.user_id, round.roundId);
    const wrong = (i: number) => round.questions[i]!.options.find((o) => o !== answers[i])!;
    await answer(me.user_id, round.roundId, { questionId: round.questions[0]!.id, answer: wrong(0) });
    await answer(me.user_id, round.roundId, { questionId: round.questions[1]!.id, skip: true });
    await answer(me.user_id, round.roundId, { questionId: round.questions[2]!.id, answer: answers[2] });
    // Still in play: nothing yet (no answer keys of a round being played).
    expect((await due(me.user_id)).body.cards).toEqual([]);

    // Left: no answer for longer than an untimed round stays open.
    await ageRound(me.user_id, round.roundId, { startedAgo: 3 * HOUR, answeredAgo: 2 * HOUR + 2 * 60 * 1000 });
    const { body } = await due(me.user_id);
    expect(body.cards.map((c: { questionId: string }) => c.questionId).sort()).toEqual([round.questions[0]!.id, round.questions[1]!.id].sort());
    const late = await answer(me.user_id, round.roundId, { questionId: round.questions[3]!.id, answer: answers[3] });
    expect(late).toMatchObject({ status: 409, body: { error: { code: 'round_expired' } } });
    // A reload starts a new round rather than resuming the one left.
    expect(((await start(me.user_id)).body as Round).roundId).not.toBe(round.roundId);
  });

  it('a timed round left past its deadline releases its misses too', async () => {
    const me = await player(premium);
    const round = (await start(me.user_id, { subject: 'geography', mode: 'competition', questionCount: 15, timeLimitSec: 180 })).body as Round;
    await answer(me.user_id, round.roundId, { questionId: round.questions[0]!.id, skip: true });
    await ageRound(me.user_id, round.roundId, { startedAgo: HOUR, answeredAgo: HOUR, deadlineAgo: 10 * 60 * 1000 });
    expect((await due(me.user_id)).body.cards.map((c: { questionId: string }) => c.questionId)).toEqual([round.questions[0]!.id]);
  });

  it('saves notes as written (control characters removed), refuses the spec’s cases with its messages, and keeps them across reads', async () => {
    const me = await player();
    const [q] = await liveIds(1);
    await toggle(me.user_id, q!.id);
    // Shown as text, so markup is kept as written; line endings and control characters are cleaned.
    expect(await notes(me.user_id, q!.id, { notes: '  <b>Hastings</b> 1066\r\n<script>x</script>remember\u0007  ' })).toEqual({ status: 200, body: { notes: '<b>Hastings</b> 1066\n<script>x</script>remember' } });
    expect((await review(me.user_id)).body.items[0].notes).toBe('<b>Hastings</b> 1066\n<script>x</script>remember');

    const tooLong = await notes(me.user_id, q!.id, { notes: 'a'.repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe('Notes too long (maximum 5000 characters)');
    for (const bad of [{ notes: 12 }, { notes: null }, { notes: { text: 'x' } }, {}]) {
      const refused = await notes(me.user_id, q!.id, bad);
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe('Invalid notes format');
    }
    expect((await notes(me.user_id, q!.id, { notes: 'b'.repeat(5000) })).status).toBe(200);
    expect((await review(me.user_id)).body.items[0].notes).toHaveLength(5000);
  });

  it('another user cannot reach my bookmark’s notes, and a question not bookmarked has none', async () => {
    const me = await player();
    const other = await player();
    const [q, r] = await liveIds(2);
    await toggle(me.user_id, q!.id);
    await notes(me.user_id, q!.id, { notes: 'mine' });
    const theirs = await notes(other.user_id, q!.id, { notes: 'overwritten' });
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain('mine');
    expect((await review(other.user_id)).body.items).toEqual([]);
    expect((await review(me.user_id)).body.items[0].notes).toBe('mine');
    expect((await notes(me.user_id, r!.id, { notes: 'x' })).status).toBe(404);
    expect(await ownItems(me.user_id, `BOOKMARK#${r!.id}`)).toEqual([]);
  });
});

describe('spaced repetition', () => {
  it('is refused to free accounts with no data', async () => {
    const me = await player();
    const [q] = await liveIds(1);
    await ensureCards(me.user_id, [q!], new Date(Date.now() - DAY));
    for (const refused of [await due(me.user_id), await rate(me.user_id, q!.id, 3)]) {
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('premium_required');
      expect(JSON.stringify(refused.body)).not.toContain(q!.id);
    }
    expect((await ownItems(me.user_id, 'CARD#'))[0]).toMatchObject({ review_count: 0 });
  });

  it('questions missed in a round become due cards, and bookmarks too (once each)', async () => {
    const me = await player(premium);
    const round = (await start(me.user_id)).body as Round;
    const answers = await key(me.user_id, round.roundId);
    await answer(me.user_id, round.roundId, { questionId: round.questions[0]!.id, answer: answers[0] });
    // The second one wrong, the ones between skipped, the last one wrong: the round finishes.
    const last = round.questions.length - 1;
    for (const [i, q] of round.questions.entries()) {
      if (i === 0) continue;
      const wrong = q.options.find((o) => o !== answers[i])!;
      const body = i === 1 || i === last ? { questionId: q.id, answer: wrong } : { questionId: q.id, skip: true };
      expect((await answer(me.user_id, round.roundId, body)).status).toBe(200);
    }
    // Finishing again (a retry) adds nothing twice.
    expect((await finish(me.user_id, round.roundId)).status).toBe(200);
    const missed = round.questions.slice(1).map((q) => q.id);
    const cards = (await due(me.user_id)).body.cards as { questionId: string; correctAnswer: string; reviewCount: number; ease: number }[];
    expect(cards.map((c) => c.questionId).sort()).toEqual([...missed].sort());
    expect(cards.find((c) => c.questionId === round.questions[1]!.id)).toMatchObject({ correctAnswer: answers[1], reviewCount: 0, ease: 2.5 });

    // Bookmarking the answered-right question adds its card; bookmarking a missed one keeps its card as it is.
    await rate(me.user_id, missed[0]!, 4);
    await toggle(me.user_id, round.questions[0]!.id);
    await toggle(me.user_id, missed[0]!);
    const after = (await due(me.user_id)).body.cards as { questionId: string }[];
    expect(after.map((c) => c.questionId).sort()).toEqual([round.questions[0]!.id, ...missed.slice(1)].sort());
    expect(await ownItems(me.user_id, 'CARD#')).toHaveLength(round.questions.length);
  });

  it('loads at most 20 due cards, the longest due first, and none not yet due', async () => {
    const me = await player(premium);
    const questions = await liveIds(26);
    const now = Date.now();
    for (const [i, q] of questions.slice(0, 25).entries()) await ensureCards(me.user_id, [q], new Date(now - (i + 1) * 60_000));
    await ensureCards(me.user_id, [questions[25]!], new Date(now + DAY));
    const { status, body } = await due(me.user_id);
    expect(status).toBe(200);
    expect(body.cards).toHaveLength(20);
    expect(body.cards.map((c: { questionId: string }) => c.questionId)).toEqual(questions.slice(5, 25).reverse().map((q) => q.id));
  });

  it('rates by SM-2 on the server: 1 day, 6 days, then interval × ease; below 3 resets', async () => {
    const me = await player(premium);
    const [q] = await liveIds(1);
    const id = q!.id;
    await ensureCards(me.user_id, [q!], new Date(Date.now() - 1000));
    const check = async (rating: number, expected: { repetitions: number; intervalDays: number; ease: number; reviewCount: number }) => {
      const before = Date.now();
      const rated = await rate(me.user_id, id, rating);
      expect(rated.status).toBe(200);
      expect(rated.body).toMatchObject(expected);
      const next = Date.parse(rated.body.nextReview);
      expect(next).toBeGreaterThanOrEqual(before + expected.intervalDays * DAY);
      expect(next).toBeLessThanOrEqual(Date.now() + expected.intervalDays * DAY);
      const [stored] = await ownItems(me.user_id, `CARD#${id}`);
      expect(stored).toMatchObject({ repetitions: expected.repetitions, interval_days: expected.intervalDays, ease: expected.ease, review_count: expected.reviewCount, next_review: rated.body.nextReview });
      // Not due any more: gone from the list, and a second rating is refused.
      expect((await due(me.user_id)).body.cards).toEqual([]);
      expect((await rate(me.user_id, id, 4)).status).toBe(409);
      await makeDue(me.user_id, id, new Date(Date.now() - 1000));
    };
    await check(3, { repetitions: 1, intervalDays: 1, ease: 2.36, reviewCount: 1 });
    await check(4, { repetitions: 2, intervalDays: 6, ease: 2.36, reviewCount: 2 });
    await check(4, { repetitions: 3, intervalDays: 14, ease: 2.36, reviewCount: 3 });
    await check(3, { repetitions: 4, intervalDays: 33, ease: 2.22, reviewCount: 4 });
    await check(1, { repetitions: 0, intervalDays: 1, ease: 1.68, reviewCount: 5 });
    await check(2, { repetitions: 0, intervalDays: 1, ease: 1.36, reviewCount: 6 });
    await check(2, { repetitions: 0, intervalDays: 1, ease: 1.3, reviewCount: 7 });
    await check(4, { repetitions: 1, intervalDays: 1, ease: 1.3, reviewCount: 8 });
    expect((await rate(me.user_id, id, 5)).status).toBe(400);
  });

  it('another user cannot see or rate my cards', async () => {
    const me = await player(premium);
    const other = await player(premium);
    const [q] = await liveIds(1);
    await ensureCards(me.user_id, [q!], new Date(Date.now() - 1000));
    expect((await due(other.user_id)).body.cards).toEqual([]);
    const refused = await rate(other.user_id, q!.id, 4);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain('nextReview');
    expect((await ownItems(me.user_id, 'CARD#'))[0]).toMatchObject({ review_count: 0, ease: 2.5 });
    expect((await due(me.user_id)).body.cards).toHaveLength(1);
  });

  it('Delete Account removes the cards and the notes', async () => {
    const me = await player(premium);
    const [q] = await liveIds(1);
    await toggle(me.user_id, q!.id);
    await notes(me.user_id, q!.id, { notes: 'private' });
    expect(await ownItems(me.user_id, 'CARD#')).toHaveLength(1);
    await deleteAccountData(me.user_id, me.email);
    expect(await ownItems(me.user_id, 'CARD#')).toEqual([]);
    expect(await ownItems(me.user_id, 'BOOKMARK')).toEqual([]);
  });
});

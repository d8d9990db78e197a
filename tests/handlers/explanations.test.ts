import { describe, expect, it, vi } from 'vitest';
import { EXPLANATION_MESSAGES as M, LIBRARY_MAX, VIDEO_MESSAGES, explanationKey } from '../../shared/explanations/explanations.ts';
import type { GenerateRequest, KnowledgeBase, Passage, SearchOptions, TextGenerator } from '../../functions/ai/types.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { losingWrites } from '../support/losing-writes.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';

/**
 * AI explanations and the video library (docs/ai.md). The AI layer is an
 * in-test knowledge base and generator (functions/ai/types.ts), so every case is exact and the
 * generator's calls are counted; the product path uses functions/ai/index.ts.
 */
const ai = vi.hoisted(() => ({
  /** What the knowledge base holds for this test: passages by query, or a failure. */
  passages: [] as Passage[],
  searches: [] as SearchOptions[],
  generations: [] as GenerateRequest[],
  fail: false,
}));

vi.mock('../../functions/ai/index.ts', () => {
  const kb: KnowledgeBase = {
    async search(options) {
      ai.searches.push(options);
      return ai.passages.filter((p) => p.similarity >= (options.threshold ?? 0.5)).slice(0, options.maxResults ?? 5);
    },
  };
  const generator: TextGenerator = {
    id: 'test-generator',
    async *generate(request) {
      ai.generations.push(request);
      if (ai.fail) throw new Error('model down');
      yield `${request.passages[0]!.text} [1]`;
      yield '\n\nSources: [1] test';
    },
  };
  return { knowledgeBase: () => kb, textGenerator: async () => generator };
});

useLocalStack();
const { handler: explainQuestion } = await import('../../functions/explanations/explain-question.ts');
const { handler: listVideos } = await import('../../functions/explanations/list-videos.ts');
const { handler: addVideo } = await import('../../functions/explanations/add-video.ts');
const { handler: watchVideo } = await import('../../functions/explanations/watch-video.ts');
const { handler: likeVideo } = await import('../../functions/explanations/like-video.ts');
const { handler: saveVideo } = await import('../../functions/explanations/save-video.ts');
const { handler: rateVideo } = await import('../../functions/explanations/rate-video.ts');
const { handler: videoStudyPlan } = await import('../../functions/explanations/video-study-plan.ts');
const { handler: listGoals } = await import('../../functions/learning/list-goals.ts');
const { handler: startRound } = await import('../../functions/quiz/start-round.ts');
const { handler: answerQuestion } = await import('../../functions/quiz/answer-question.ts');
const { getRound } = await import('../../functions/quiz/data/rounds.ts');
const { getCachedExplanation } = await import('../../functions/explanations/data/explanations.ts');

type Person = Awaited<ReturnType<typeof player>>;
type Handler = (e: ReturnType<typeof httpEvent>) => Promise<{ statusCode?: number; body?: string }>;
const call = async (h: Handler, who: Person, input: Parameters<typeof httpEvent>[0] = {}) => parse(await h(httpEvent({ sub: who.user_id, ...input })));

interface KeyedQuestion {
  id: string;
  question: string;
  options: string[];
  correct_answer: string;
  subject: string;
}

/** Starts a round and answers the first `count` questions wrong (all: the round finishes). */
async function playWrong(who: Person, subject = 'geography', level = 'beginner', count = Infinity) {
  const started = await call(startRound as Handler, who, { body: { subject, level } });
  expect(started.status).toBe(201);
  const round = started.body as { roundId: string; questions: { id: string; options: string[] }[] };
  const stored = (await getRound(who.user_id, round.roundId))!;
  const answered: { question: KeyedQuestion; chosen: string }[] = [];
  for (const [i, q] of round.questions.entries()) {
    if (i >= count) break;
    const key = stored.questions[i]!;
    const chosen = q.options.find((o) => o !== key.correct_answer)!;
    const res = parse(await answerQuestion({ ...httpEvent({ sub: who.user_id, body: { questionId: q.id, answer: chosen } }), pathParameters: { roundId: round.roundId } }));
    expect(res.status).toBe(200);
    answered.push({ question: { ...key, subject }, chosen });
  }
  return { roundId: round.roundId, answered };
}

const passage = (text: string, similarity: number, id = 'FRA'): Passage => ({
  chunkId: `c-${id}-${text.length}`,
  text,
  subject: 'geography',
  category: 'country',
  source: { kind: 'country', id, title: `Fact sheet ${id}` },
  similarity,
});

/** A knowledge base that knows the right answer and what the chosen option is. */
function knows(q: KeyedQuestion, chosen: string) {
  ai.fail = false;
  ai.passages = [
    passage(`${q.correct_answer} is the answer the atlas gives for this. Students often remember ${q.correct_answer} by its region.`, 0.8, 'RIGHT'),
    passage(`${chosen} belongs to a different place altogether. It is often confused with other options.`, 0.5, 'CHOSEN'),
  ];
}

/** The first answered question no earlier test has explained (the cache is shared by the whole table). */
async function unexplained(answered: { question: KeyedQuestion; chosen: string }[]) {
  for (const a of answered) {
    if (!(await getCachedExplanation(explanationKey(a.question, a.chosen)))) return a;
  }
  throw new Error('every question of the round is explained already');
}

describe('permissions', () => {
  it('refuses free students every route with 403 premium_required and no data', async () => {
    const free = await player();
    const videoId = 'q-0123456789abcdef~00000000~0';
    for (const [h, input] of [
      [explainQuestion, { body: { roundId: 'mabcdefghij12', questionId: 'q-1234', answer: null } }],
      [listVideos, {}],
      [addVideo, { body: { roundId: 'mabcdefghij12', questionId: 'q-1234' } }],
      [watchVideo, { path: { videoId } }],
      [likeVideo, { path: { videoId }, body: { liked: true } }],
      [saveVideo, { path: { videoId }, body: { saved: true } }],
      [rateVideo, { path: { videoId }, body: { rating: 4 } }],
      [videoStudyPlan, { path: { videoId }, body: { title: 'Plan' } }],
    ] as const) {
      const answer = await call(h as Handler, free, input);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: expect.objectContaining({ code: 'premium_required', message: M.premiumRequired }) });
    }
    // Parents and teachers are not students: 403 even with premium; no sign-in is 401.
    const parent = await player({ role: 'parent', ...premium });
    expect((await call(listVideos, parent)).status).toBe(403);
    expect(parse(await listVideos(httpEvent({}))).status).toBe(401);
  });

  it("answers 404 for another account's round and video, 409 for a round still in play, a correct answer or an answer not given", async () => {
    const me = await player(premium);
    const other = await player(premium);
    const { roundId, answered } = await playWrong(me);
    const [first] = answered;
    knows(first!.question, first!.chosen);

    // Another account asks about my round: not found, no data.
    for (const h of [explainQuestion, addVideo] as Handler[]) {
      const answer = await call(h, other, { body: { roundId, questionId: first!.question.id, answer: first!.chosen } });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: expect.objectContaining({ message: M.roundNotFound }) });
    }
    // A question that is not in the round.
    expect((await call(explainQuestion, me, { body: { roundId, questionId: 'q-ffffffffffffffff', answer: null } })).status).toBe(404);
    // The answer sent must be the one recorded.
    const mismatch = await call(explainQuestion, me, { body: { roundId, questionId: first!.question.id, answer: first!.question.correct_answer } });
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.error).toMatchObject({ code: 'answer_mismatch' });

    // A round still being played: refused (its answer key must not leak), whatever is asked.
    const playing = await playWrong(me, 'history', 'beginner', 1);
    const asked = playing.answered[0]!;
    for (const h of [explainQuestion, addVideo] as Handler[]) {
      const answer = await call(h, me, { body: { roundId: playing.roundId, questionId: asked.question.id, answer: asked.chosen } });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ error: expect.objectContaining({ code: 'round_active', message: M.roundActive }) });
    }

    // A video of mine is not found for another account.
    const added = await call(addVideo, me, { body: { roundId, questionId: first!.question.id } });
    expect(added.status).toBe(201);
    const videoId = added.body.item.id as string;
    for (const [h, body] of [
      [watchVideo, undefined],
      [likeVideo, { liked: true }],
      [saveVideo, { saved: true }],
      [rateVideo, { rating: 5 }],
      [videoStudyPlan, { title: 'Mine' }],
    ] as const) {
      const answer = await call(h as Handler, other, { path: { videoId }, body });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: expect.objectContaining({ message: VIDEO_MESSAGES.notFound }) });
    }
    expect((await call(listVideos, other)).body).toEqual({ items: [] });
    expect((await call(watchVideo, me, { path: { videoId: '../../x' } })).status).toBe(404);
  });

  it('refuses to explain a question answered correctly', async () => {
    const me = await player(premium);
    const started = await call(startRound as Handler, me, { body: { subject: 'religion', level: 'beginner' } });
    const round = started.body as { roundId: string; questions: { id: string }[] };
    const key = (await getRound(me.user_id, round.roundId))!.questions;
    for (const [i, q] of round.questions.entries()) {
      await answerQuestion({ ...httpEvent({ sub: me.user_id, body: { questionId: q.id, answer: key[i]!.correct_answer } }), pathParameters: { roundId: round.roundId } });
    }
    const answer = await call(explainQuestion, me, { body: { roundId: round.roundId, questionId: round.questions[0]!.id, answer: key[0]!.correct_answer } });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'answered_correctly' });
  });
});

describe('explanations', () => {
  it('explains a wrong answer from the knowledge base, citing its sources; a second request is served from the cache with no generation', async () => {
    const me = await player(premium);
    const { roundId, answered } = await playWrong(me, 'geography', 'advanced');
    const target = await unexplained(answered);
    const q = target.question;
    knows(q, target.chosen);
    const generationsBefore = ai.generations.length;

    const first = await call(explainQuestion, me, { body: { roundId, questionId: q.id, answer: target.chosen } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, cached: false, fallback: false });
    const e = first.body.explanation;
    expect(e.textExplanation).toContain(`You chose ${target.chosen}, but the correct answer is ${q.correct_answer}.`);
    // Why the chosen option is wrong comes from a source too, and the generator's marks are gone.
    expect(e.textExplanation).toContain(`About ${target.chosen}: ${target.chosen} belongs to a different place altogether.`);
    expect(e.textExplanation).not.toMatch(/\[\d\]|Sources:/);
    expect(e.sources.map((s: { id: string }) => s.id)).toEqual(['RIGHT', 'CHOSEN']);
    expect(e.keyPoints.length).toBeGreaterThan(0);
    expect(e.videoScript).toContain(`The correct answer is ${q.correct_answer}.`);
    expect(e).toMatchObject({ grounded: true, generator: 'test-generator', questionId: q.id });
    expect(ai.generations.length).toBe(generationsBefore + 1);
    // The searches: the question with its answer, the answer, the option chosen; all in the question's subject.
    const searched = ai.searches.slice(-3).map((s) => s.query);
    expect(searched).toEqual([`${q.question} ${q.correct_answer}`, q.correct_answer, `${target.chosen} ${q.question}`]);
    expect(ai.searches.slice(-3).every((s) => s.subject === 'geography')).toBe(true);

    // Again: from the cache, the same text, no generation (even when the model is down).
    ai.fail = true;
    const second = await call(explainQuestion, me, { body: { roundId, questionId: q.id, answer: target.chosen } });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ cached: true, fallback: false, explanation: e, videoId: first.body.videoId });
    expect(ai.generations.length).toBe(generationsBefore + 1);

    // Another student with the same question and the same wrong answer shares the cache.
    const other = await player(premium);
    const theirs = await playWrong(other, 'geography', 'advanced');
    const same = theirs.answered.find((a) => a.question.id === q.id && a.chosen === target.chosen);
    if (same) {
      const shared = await call(explainQuestion, other, { body: { roundId: theirs.roundId, questionId: q.id, answer: same.chosen } });
      expect(shared.body).toMatchObject({ cached: true, explanation: e });
    }
  });

  it('falls back when nothing relevant is found (named answer, not cached, no video) and answers 503 when the AI layer fails', async () => {
    const me = await player(premium);
    const { roundId, answered } = await playWrong(me, 'history', 'advanced');
    const target = await unexplained(answered);
    const q = target.question;
    // Only a passage that does not name the answer and is not close: nothing grounds it.
    ai.fail = false;
    ai.passages = [passage('A passage about something else entirely.', 0.4, 'OTHER')];
    const generationsBefore = ai.generations.length;

    const answer = await call(explainQuestion, me, { body: { roundId, questionId: q.id, answer: target.chosen } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, cached: false, fallback: true });
    expect(answer.body.explanation).toMatchObject({ grounded: false, sources: [], generator: 'fallback' });
    expect(answer.body.explanation.textExplanation).toContain(`The correct answer is "${q.correct_answer}".`);
    expect(answer.body.explanation.textExplanation).toContain('history question');
    expect(ai.generations.length).toBe(generationsBefore);
    expect(await getCachedExplanation(explanationKey(q, target.chosen))).toBeUndefined();

    const video = await call(addVideo, me, { body: { roundId, questionId: q.id } });
    expect(video.status).toBe(422);
    expect(video.body.error.message).toBe(VIDEO_MESSAGES.noSource);
    expect((await call(listVideos, me)).body.items).toEqual([]);

    // The AI layer fails: 503 with the message in docs/ai.md, nothing cached.
    knows(q, target.chosen);
    ai.fail = true;
    const failed = await call(explainQuestion, me, { body: { roundId, questionId: q.id, answer: target.chosen } });
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ error: expect.objectContaining({ message: M.failed }) });
    expect(await getCachedExplanation(explanationKey(q, target.chosen))).toBeUndefined();
    ai.fail = false;
  });
});

describe('the video library', () => {
  it('adds once, and keeps watched, liked, saved and ratings on the server as real counts across accounts', async () => {
    const me = await player(premium);
    const friend = await player(premium);
    const { roundId, answered } = await playWrong(me, 'geography', 'expert', 2);
    // The round is still in play after 2 answers: finish it by answering the rest.
    const rest = await getRound(me.user_id, roundId);
    for (const [i, q] of rest!.questions.entries()) {
      if (i < 2) continue;
      await answerQuestion({ ...httpEvent({ sub: me.user_id, body: { questionId: q.id, answer: q.correct_answer } }), pathParameters: { roundId } });
    }
    const [a, b] = answered;
    knows(a!.question, a!.chosen);
    const added = await call(addVideo, me, { body: { roundId, questionId: a!.question.id } });
    expect(added.status).toBe(201);
    expect(added.body.item).toMatchObject({ views: 0, likes: 0, rating: null, ratingCount: 0, watched: false, liked: false, saved: false, isPersonal: true, chosenAnswer: a!.chosen, correctAnswer: a!.question.correct_answer, subject: 'geography', level: 'expert' });
    const words = added.body.item.explanation.videoScript.split(/\s+/).filter((w: string) => /[\p{L}\p{N}]/u.test(w)).length;
    expect(added.body.item.duration).toBe(Math.max(1, Math.round((words * 60) / 150)));
    expect((await call(addVideo, me, { body: { roundId, questionId: a!.question.id } })).status).toBe(200);
    knows(b!.question, b!.chosen);
    expect((await call(addVideo, me, { body: { roundId, questionId: b!.question.id } })).status).toBe(201);
    const videoId = added.body.item.id as string;

    let items = (await call(listVideos, me)).body.items as { id: string }[];
    expect(items.map((i) => i.id).sort()).toEqual([videoId, explanationKey(b!.question, b!.chosen).videoId].sort());

    // Watching twice counts one viewer; liking twice one like; unlike takes it back.
    expect((await call(watchVideo, me, { path: { videoId } })).body.item).toMatchObject({ watched: true, views: 1 });
    expect((await call(watchVideo, me, { path: { videoId } })).body.item).toMatchObject({ watched: true, views: 1 });
    expect((await call(likeVideo, me, { path: { videoId }, body: { liked: true } })).body.item).toMatchObject({ liked: true, likes: 1 });
    expect((await call(likeVideo, me, { path: { videoId }, body: { liked: true } })).body.item).toMatchObject({ liked: true, likes: 1 });
    expect((await call(saveVideo, me, { path: { videoId }, body: { saved: true } })).body.item).toMatchObject({ saved: true });
    expect((await call(rateVideo, me, { path: { videoId }, body: { rating: 5 } })).body.item).toMatchObject({ myRating: 5, rating: 5, ratingCount: 1 });
    expect((await call(rateVideo, me, { path: { videoId }, body: { rating: 3 } })).body.item).toMatchObject({ myRating: 3, rating: 3, ratingCount: 1 });
    expect((await call(rateVideo, me, { path: { videoId }, body: { rating: 6 } })).status).toBe(400);

    // A friend who got the same question wrong the same way has the same video: the counts are shared.
    const { addVideo: putVideo } = await import('../../functions/explanations/data/videos.ts');
    const mine = (await call(listVideos, me)).body.items.find((i: { id: string }) => i.id === videoId);
    const { watched: _w, liked: _l, saved: _s, myRating: _r, views: _v, likes: _k, rating: _g, ratingCount: _c, duration: _d, tags: _t, title: _ti, description: _de, difficulty: _di, isPersonal: _p, ...record } = mine;
    await putVideo(friend.user_id, { ...record, addedAt: new Date().toISOString() });
    expect((await call(watchVideo, friend, { path: { videoId } })).body.item).toMatchObject({ views: 2, watched: true });
    expect((await call(likeVideo, friend, { path: { videoId }, body: { liked: true } })).body.item).toMatchObject({ likes: 2, liked: true });
    expect((await call(rateVideo, friend, { path: { videoId }, body: { rating: 4 } })).body.item).toMatchObject({ rating: 3.5, ratingCount: 2, myRating: 4 });
    expect((await call(likeVideo, me, { path: { videoId }, body: { liked: false } })).body.item).toMatchObject({ liked: false, likes: 1 });

    // What the library lists after a "reload".
    items = (await call(listVideos, me)).body.items;
    expect(items.find((i) => i.id === videoId)).toMatchObject({ watched: true, liked: false, saved: true, views: 2, likes: 1, rating: 3.5, myRating: 3 });
    expect(items.find((i) => i.id !== videoId)).toMatchObject({ watched: false, views: 0 });

    // The friend deletes the account: their view, like and rating leave the counts, once.
    const { deleteAccountData } = await import('../../functions/profile/data/account-data.ts');
    await deleteAccountData(friend.user_id, friend.email);
    await deleteAccountData(friend.user_id, friend.email);
    items = (await call(listVideos, me)).body.items;
    expect(items.find((i) => i.id === videoId)).toMatchObject({ views: 1, likes: 0, rating: 3, ratingCount: 1 });
    expect((await call(listVideos, friend)).status).toBe(403);
  });

  it('simultaneous ratings of one video (one account and its friends) answer 200 or 409, never 500, and count one rating each (issue 17)', async () => {
    const me = await player(premium);
    const { roundId, answered } = await playWrong(me, 'history', 'beginner');
    const a = answered[0]!;
    knows(a.question, a.chosen);
    const added = (await call(addVideo, me, { body: { roundId, questionId: a.question.id } })).body.item;
    const videoId = added.id as string;
    // Friends with the same video share its counters: every rating moves the same shared item.
    const { addVideo: putVideo } = await import('../../functions/explanations/data/videos.ts');
    const { watched: _w, liked: _l, saved: _s, myRating: _r, views: _v, likes: _k, rating: _g, ratingCount: _c, duration: _d, tags: _t, title: _ti, description: _de, difficulty: _di, isPersonal: _p, ...record } = added;
    const friends = await Promise.all(Array.from({ length: 5 }, () => player(premium)));
    for (const f of friends) await putVideo(f.user_id, { ...record, addedAt: new Date().toISOString() });
    const raters = [me, me, me, me, me, me, me, me, me, me, ...friends, ...friends];
    const results = await Promise.all(raters.map((who, i) => call(rateVideo, who, { path: { videoId }, body: { rating: (i % 5) + 1 } })));
    for (const r of results) expect([200, 409]).toContain(r.status);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error).toMatchObject({ code: 'busy', message: VIDEO_MESSAGES.busy });
    // Six accounts, six ratings: the shared average is exactly the average of what each account has stored.
    const mine = await Promise.all([me, ...friends].map(async (who) => (await call(listVideos, who)).body.items.find((i: { id: string }) => i.id === videoId)));
    const stored = mine.map((i) => i.myRating as number);
    expect(mine[0]).toMatchObject({ ratingCount: 6 });
    expect(mine[0].rating).toBeCloseTo(stored.reduce((x, y) => x + y, 0) / 6, 1);
  });

  it('a rating whose conditional write keeps losing answers 409 busy, never a 500 (issue 17)', async () => {
    const me = await player(premium);
    const { roundId, answered } = await playWrong(me, 'geography', 'beginner');
    const a = answered[0]!;
    knows(a.question, a.chosen);
    const videoId = (await call(addVideo, me, { body: { roundId, questionId: a.question.id } })).body.item.id as string;
    const losing = losingWrites(videoId);
    try {
      const busy = await call(rateVideo, me, { path: { videoId }, body: { rating: 4 } });
      expect(busy).toMatchObject({ status: 409, body: { error: { code: 'busy', message: VIDEO_MESSAGES.busy } } });
    } finally {
      losing.restore();
    }
    // Nothing was counted; trying again works.
    expect((await call(rateVideo, me, { path: { videoId }, body: { rating: 4 } })).body.item).toMatchObject({ myRating: 4, rating: 4, ratingCount: 1 });
  });

  it('a like or a watch that keeps colliding with other transactions answers 409 busy instead of a silent 200 (issue 17)', async () => {
    const me = await player(premium);
    const { roundId, answered } = await playWrong(me, 'religion', 'expert');
    const a = answered[0]!;
    knows(a.question, a.chosen);
    const videoId = (await call(addVideo, me, { body: { roundId, questionId: a.question.id } })).body.item.id as string;
    const losing = losingWrites(videoId, 'TransactionConflict');
    try {
      expect(await call(likeVideo, me, { path: { videoId }, body: { liked: true } })).toMatchObject({ status: 409, body: { error: { code: 'busy', message: VIDEO_MESSAGES.busy } } });
      expect(await call(watchVideo, me, { path: { videoId } })).toMatchObject({ status: 409, body: { error: { code: 'busy' } } });
    } finally {
      losing.restore();
    }
    expect((await call(likeVideo, me, { path: { videoId }, body: { liked: true } })).body.item).toMatchObject({ liked: true, likes: 1 });
    expect((await call(watchVideo, me, { path: { videoId } })).body.item).toMatchObject({ watched: true, views: 1 });
  });

  it('the 200-video library limit holds when many videos are added at once (a conditional count)', async () => {
    const me = await player(premium);
    const { roundId, answered } = await playWrong(me, 'geography', 'advanced');
    const a = answered[0]!;
    knows(a.question, a.chosen);
    const record = (await call(addVideo, me, { body: { roundId, questionId: a.question.id } })).body.item;
    const { watched: _w, liked: _l, saved: _s, myRating: _r, views: _v, likes: _k, rating: _g, ratingCount: _c, duration: _d, tags: _t, title: _ti, description: _de, difficulty: _di, isPersonal: _p, ...video } = record;
    // 194 more stored before (as older code stored them), so the library holds 195.
    const { putItems } = await import('../../functions/data/batch-write.ts');
    const { keys } = await import('../../functions/data/table-design.ts');
    // Ids keep the video id's format (question~hash~source), as the list's contract requires.
    const storedId = (suffix: string) => video.id.replace('~', `-${suffix}~`);
    await putItems(Array.from({ length: LIBRARY_MAX - 6 }, (_, i) => ({ ...video, id: storedId(`old${i}`), type: 'video', user_id: me.user_id, liked: false, saved: false, ...keys.video(me.user_id, storedId(`old${i}`)) })));
    // …and no count item yet: the library is counted once when it is first needed.
    const { deleteItems } = await import('../../functions/data/batch-write.ts');
    await deleteItems([keys.videoCount(me.user_id)]);
    const { addVideo: putVideo } = await import('../../functions/explanations/data/videos.ts');
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => putVideo(me.user_id, { ...video, id: storedId(`new${i}`), addedAt: new Date().toISOString() })));
    expect(outcomes.filter((o) => o === 'added')).toHaveLength(5);
    expect(outcomes.filter((o) => o !== 'added')).toEqual(Array.from({ length: 15 }, () => 'full'));
    expect((await call(listVideos, me)).body.items).toHaveLength(LIBRARY_MAX);
  });

  it('25 simultaneous Add to Study Plan clicks keep the 20-goal cap (issue 17)', async () => {
    const me = await player(premium);
    const { roundId, answered } = await playWrong(me, 'religion', 'beginner');
    const a = answered[0]!;
    knows(a.question, a.chosen);
    const videoId = (await call(addVideo, me, { body: { roundId, questionId: a.question.id } })).body.item.id as string;
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => call(videoStudyPlan, me, { path: { videoId }, body: { title: `Plan ${i}` } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    for (const r of results.filter((x) => x.status !== 201)) expect(r).toMatchObject({ status: 409, body: { error: { code: 'too_many_goals' } } });
    expect((await call(listGoals, me)).body.goals).toHaveLength(20);
  });

  it('Add to Study Plan makes a study goal for the video (title required)', async () => {
    const me = await player(premium);
    const { roundId, answered } = await playWrong(me, 'religion', 'advanced');
    const a = answered[0]!;
    knows(a.question, a.chosen);
    const videoId = (await call(addVideo, me, { body: { roundId, questionId: a.question.id } })).body.item.id as string;
    const blank = await call(videoStudyPlan, me, { path: { videoId }, body: { title: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toMatchObject({ title: VIDEO_MESSAGES.planTitleRequired });
    const made = await call(videoStudyPlan, me, { path: { videoId }, body: { title: '  Review this video ' } });
    expect(made.status).toBe(201);
    expect(made.body.goal).toMatchObject({ title: 'Review this video', subject: 'religion', level: 'advanced', daily_minutes: 30, weekly_quizzes: 5, progress: 0 });
    expect(made.body.goal.description).toContain(a.question.correct_answer);
    const goals = (await call(listGoals, me)).body.goals;
    expect(goals.map((g: { id: string }) => g.id)).toEqual([made.body.goal.id]);
  });
});

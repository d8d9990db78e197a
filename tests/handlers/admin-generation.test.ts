import { describe, expect, it } from 'vitest';
import { GENERATION_MESSAGES as M, type GeneratedQuestion } from '../../shared/generation/generation.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { seedKnowledgeDocument } from '../support/knowledge-docs.ts';
import { player, premium } from '../support/players.ts';

/**
 * Admin AI generation (docs/ai.md) with the real AI layer
 * (embedded provider) over documents this file puts into the knowledge base.
 */
useLocalStack();
const { handler: generateQuestions } = await import('../../functions/generation/generate-questions.ts');
const { handler: listQueue } = await import('../../functions/generation/list-questions.ts');
const { handler: approve } = await import('../../functions/generation/approve-question.ts');
const { handler: reject } = await import('../../functions/generation/reject-question.ts');
const { handler: generateGuide } = await import('../../functions/generation/generate-guide.ts');
const { handler: factCheck } = await import('../../functions/generation/fact-check-guide.ts');
const { handler: listGuideQueue } = await import('../../functions/generation/list-guides-for-review.ts');
const { handler: approveGuide } = await import('../../functions/generation/approve-guide.ts');
const { handler: rejectGuide } = await import('../../functions/generation/reject-guide.ts');
const { handler: startRound } = await import('../../functions/quiz/start-round.ts');
const { handler: listGuides } = await import('../../functions/guides/list-guides.ts');
const { handler: getGuide } = await import('../../functions/guides/get-guide.ts');
const { getRound } = await import('../../functions/quiz/data/rounds.ts');
const { getBankMeta } = await import('../../functions/questions/data/question-bank.ts');
const { getGeneratedGuide, putGeneratedGuide, getGeneratedQuestion } = await import('../../functions/generation/data/generation.ts');
const { listAdminActions } = await import('../../functions/admin/data/audit-log.ts');

const run = Date.now().toString(36);
/** A category of this run only: the bank topic of its questions, so a round focused on it draws only them. */
const category = `nile-kingdoms-${run}`;
const EGYPT = [
  'Ancient Egypt grew up along the River Nile in north-eastern Africa. Upper and Lower Egypt were united into one kingdom by Narmer around 3100 BCE.',
  'The Great Pyramid of Giza was built for the pharaoh Khufu around 2560 BCE. For almost four thousand years it was the tallest building in the world.',
  'Egyptians wrote with hieroglyphs. The Rosetta Stone, found in 1799, let Jean-François Champollion decipher them in 1822.',
  'The tomb of Tutankhamun was found almost untouched by Howard Carter in 1922. Cleopatra VII, the last queen of Egypt, died in 30 BCE.',
  'The city of Alexandria was founded by Alexander the Great in 331 BCE. Its lighthouse, the Pharos, was one of the Seven Wonders of the Ancient World.',
].join(' ');
const docTitle = `Ancient Egypt fact sheet ${run}`;
const documentId = await seedKnowledgeDocument({ title: docTitle, subject: 'history', category, content: EGYPT });

type Person = Awaited<ReturnType<typeof player>>;
type Handler = (e: ReturnType<typeof httpEvent>) => Promise<{ statusCode?: number; body?: string }>;
const call = async (h: Handler, who: Person, input: Parameters<typeof httpEvent>[0] = {}) => parse(await h(httpEvent({ sub: who.user_id, ...input })));
const admin = await player({ role: 'admin' });

async function generate(count = 5) {
  const { status, body } = await call(generateQuestions, admin, { body: { documentId, level: 'beginner', count } });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { success: true; message: string; questions: GeneratedQuestion[] };
}

/** The question texts a round focused on this run's topic draws (what a player sees). */
async function roundTexts(): Promise<string[]> {
  const me = await player(premium);
  const { status, body } = await call(startRound, me, { body: { subject: 'history', level: 'beginner', focus: category, questionCount: 20 } });
  if (status === 404) return [];
  expect(status, JSON.stringify(body)).toBe(201);
  const stored = await getRound(me.user_id, body.roundId);
  return stored!.questions.map((q) => q.question);
}

describe('admin-only routes', () => {
  it('students (free and premium), parents and teachers get 403 with no data on every generation route, and nothing is written', async () => {
    const pending = (await generate(5)).questions[0]!;
    const people = await Promise.all([player(), player(premium), player({ role: 'parent' }), player({ role: 'teacher' })]);
    const routes: [Handler, Parameters<typeof httpEvent>[0]][] = [
      [generateQuestions, { body: { documentId, count: 5 } }],
      [listQueue, { query: { status: 'pending' } }],
      [approve, { path: { questionId: pending.id }, body: {} }],
      [reject, { path: { questionId: pending.id } }],
      [generateGuide, { body: { subject: 'history', difficulty_level: 'beginner', topic: 'Ancient Egypt', length: 'short' } }],
      [factCheck, { path: { guideId: 'ancient-egypt' } }],
    ];
    for (const who of people) {
      for (const [handler, input] of routes) {
        const { status, body } = await call(handler, who, input);
        expect(status).toBe(403);
        expect(body).toEqual({ error: { code: 'admin_required', message: M.adminRequired } });
      }
    }
    expect((await getGeneratedQuestion(pending.id))!.status).toBe('pending');
  }, 60_000);
});

describe('question generation and the review queue', () => {
  it('generates checked cloze questions from a document into the pending queue, with the §8 message, and logs it', async () => {
    const { message, questions } = await generate(5);
    expect(questions.length).toBeGreaterThanOrEqual(3);
    expect(questions.length).toBeLessThanOrEqual(5);
    expect(message).toBe(M.questionsDone(questions.length));
    for (const q of questions) {
      expect(q.status).toBe('pending');
      expect(q.question).toMatch(/^Fill in the blank: .*_____/);
      expect(q.options.filter((o) => o === q.correct_answer)).toHaveLength(1);
      expect(new Set(q.options.map((o) => o.toLowerCase())).size).toBe(q.options.length);
      expect(q.source.documentId).toBe(documentId);
      expect(EGYPT).toContain(q.source.passage);
      expect(q.source.passage).toContain(q.question.replace('Fill in the blank: ', '').replace('_____', q.correct_answer));
    }
    const queue = await call(listQueue, admin, { query: { status: 'pending' } });
    const ids = new Set(queue.body.questions.map((q: GeneratedQuestion) => q.id));
    expect(questions.every((q) => ids.has(q.id))).toBe(true);
    const log = await listAdminActions(20);
    expect(log.entries.some((e) => e.action === 'questions.generate' && e.actor_id === admin.user_id && e.target === documentId)).toBe(true);
  }, 60_000);

  it('the count must be 5 to 50; an unknown document is 404', async () => {
    for (const count of [4, 51, 'many']) {
      const { status, body } = await call(generateQuestions, admin, { body: { documentId, count } });
      expect(status).toBe(400);
      expect(body.error.message).toBe(M.countRange);
    }
    expect((await call(generateQuestions, admin, { body: { documentId: 'doc-missing' } })).status).toBe(404);
  });

  it('an approved question enters the bank and a round draws it; a rejected one never does', async () => {
    const { questions } = await generate(5);
    const [toApprove, toReject] = questions;
    const before = await roundTexts();
    expect(before).not.toContain(toApprove!.question);

    const rejected = await call(reject, admin, { path: { questionId: toReject!.id } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.question).toMatchObject({ status: 'rejected', reviewed_by: admin.user_id, bank_question_id: null });

    const approved = await call(approve, admin, { path: { questionId: toApprove!.id }, body: {} });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.question).toMatchObject({ status: 'approved', reviewed_by: admin.user_id });
    const publicId = approved.body.question.bank_question_id as string;
    const meta = await getBankMeta('history', 'beginner');
    expect(meta!.ids).toContain(`ai-${toApprove!.id}`);
    expect(meta!.ids).not.toContain(`ai-${toReject!.id}`);
    expect(meta!.publicIds[meta!.ids.indexOf(`ai-${toApprove!.id}`)]).toBe(publicId);

    const drawn = await roundTexts();
    expect(drawn).toContain(toApprove!.question);
    expect(drawn).not.toContain(toReject!.question);

    // Reviewed once: a second approval or a rejection afterwards is refused.
    expect((await call(approve, admin, { path: { questionId: toApprove!.id }, body: {} })).status).toBe(409);
    expect((await call(reject, admin, { path: { questionId: toApprove!.id } })).status).toBe(409);
    const log = await listAdminActions(30);
    expect(log.entries.some((e) => e.action === 'questions.approve' && e.target === toApprove!.id)).toBe(true);
    expect(log.entries.some((e) => e.action === 'questions.reject' && e.target === toReject!.id)).toBe(true);
  }, 60_000);

  it('an approval racing a rejection: exactly one wins, and the bank holds the question only if the approval did', async () => {
    const { questions } = await generate(5);
    for (const q of questions.slice(0, 3)) {
      const [approved, rejected] = await Promise.all([
        call(approve, admin, { path: { questionId: q.id }, body: {} }),
        call(reject, admin, { path: { questionId: q.id } }),
      ]);
      expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
      const stored = (await getGeneratedQuestion(q.id))!;
      const meta = await getBankMeta('history', 'beginner');
      expect(meta!.ids.includes(`ai-${q.id}`)).toBe(stored.status === 'approved');
      expect(stored.status).toBe(approved.status === 200 ? 'approved' : 'rejected');
    }
  }, 60_000);

  it('an edit is validated again: an answer key not in the source, a repeated option or the key missing from the options is refused and the question stays pending', async () => {
    const { questions } = await generate(5);
    const q = questions[0]!;
    const wrongs = q.options.filter((o) => o !== q.correct_answer);
    const cases = [
      { body: { correct_answer: 'Atlantis', options: [...wrongs, 'Atlantis'] }, message: M.answerNotInSource },
      { body: { options: [q.correct_answer, q.correct_answer, ...wrongs] }, message: M.optionsRepeated },
      { body: { options: wrongs }, message: M.answerNotInOptions },
    ];
    for (const c of cases) {
      const { status, body } = await call(approve, admin, { path: { questionId: q.id }, body: c.body });
      expect(status).toBe(400);
      expect(body.error.message).toContain(c.message);
    }
    expect((await getGeneratedQuestion(q.id))!.status).toBe('pending');

    // A valid edit (a rephrased explanation) is approved with the edit.
    const ok = await call(approve, admin, { path: { questionId: q.id }, body: { explanation: `Checked by hand: ${q.explanation}` } });
    expect(ok.status).toBe(200);
    expect(ok.body.question.explanation).toBe(`Checked by hand: ${q.explanation}`);
  }, 60_000);
});

describe('study guides', () => {
  it('generates a guide from the knowledge base, saved with its metadata, that premium students read in /study once an admin approves it (edited); a rejected one never (issue 23 item 9)', async () => {
    const { status, body } = await call(generateGuide, admin, {
      body: { subject: 'history', difficulty_level: 'beginner', topic: 'Ancient Egypt pyramids and hieroglyphs', length: 'short', focus_areas: ' Rosetta Stone , , Tutankhamun ' },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const guide = body.guide;
    expect(guide.metadata).toMatchObject({ ai_generated: true, fact_checked: false, length: 'short', focus_areas: ['Rosetta Stone', 'Tutankhamun'] });
    expect(guide.content.join(' ')).toMatch(/Rosetta Stone|Khufu|Tutankhamun/);
    expect(guide.metadata.sources.length).toBeGreaterThan(0);
    expect(guide.metadata.key_points.length).toBeGreaterThan(0);
    expect(guide.metadata.quiz_questions.length).toBeGreaterThan(0);
    expect(guide.metadata.word_count).toBeGreaterThan(0);
    // A small knowledge base cannot fill 500 words: the guide says so instead of padding.
    if (guide.metadata.word_count < 500) expect(body.warning).toMatch(/fewer than the 500/);

    // Pending: in the review queue, not in /study.
    const reader = await player(premium);
    const listed = async () => (await call(listGuides, reader, { query: { q: 'Ancient Egypt pyramids' } })).body.guides.map((g: { id: string }) => g.id);
    expect(guide.status).toBe('pending');
    expect(await listed()).not.toContain(guide.id);
    expect((await call(getGuide, reader, { path: { guideId: guide.id } })).status).toBe(404);
    const queue = await call(listGuideQueue, admin, { query: { status: 'pending' } });
    expect(queue.body.guides.map((g: { id: string }) => g.id)).toContain(guide.id);
    expect((await call(listGuideQueue, reader, { query: { status: 'pending' } })).status).toBe(403);

    // Approved with an edited title: listed, as edited; reviewed once.
    const approved = await call(approveGuide, admin, { path: { guideId: guide.id }, body: { title: 'The Pyramids and Hieroglyphs of Egypt' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await call(approveGuide, admin, { path: { guideId: guide.id }, body: {} })).status).toBe(409);
    expect((await call(rejectGuide, admin, { path: { guideId: guide.id } })).status).toBe(409);
    expect(await listed()).toContain(guide.id);
    const read = await call(getGuide, reader, { path: { guideId: guide.id } });
    expect(read.status).toBe(200);
    expect(read.body.guide.title).toBe('The Pyramids and Hieroglyphs of Egypt');
    expect(read.body.guide.content).toEqual(guide.content);

    // Rejected: never listed.
    const second = await call(generateGuide, admin, { body: { subject: 'history', difficulty_level: 'beginner', topic: 'Ancient Egypt pyramids', length: 'short' } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((await call(rejectGuide, admin, { path: { guideId: second.body.guide.id } })).status).toBe(200);
    expect(await listed()).not.toContain(second.body.guide.id);
    expect((await call(listGuideQueue, admin, { query: { status: 'pending' } })).body.guides.map((g: { id: string }) => g.id)).not.toContain(second.body.guide.id);

    const free = await player();
    expect((await call(getGuide, free, { path: { guideId: guide.id } })).status).toBe(403);
  }, 60_000);

  it('a guide whose passages are off its topic is refused before review (issue 23 item 9): what it holds is checked against the topic’s words', async () => {
    // Geography holds continents, regions and country fact sheets; a guide on rivers of Europe must be about rivers or Europe.
    const { status, body } = await call(generateGuide, admin, { body: { subject: 'geography', difficulty_level: 'beginner', topic: 'Rivers of Europe', length: 'short' } });
    if (status === 200) {
      const text: string[] = body.guide.content.join(' ').split(/(?<=[.!?])\s+/);
      const onTopic = text.filter((s) => /\b(river|europe)/i.test(s)).length;
      expect(onTopic / text.length, text.join('\n')).toBeGreaterThanOrEqual(0.5);
    } else {
      expect(status).toBe(422);
      expect(body.error.message).toMatch(new RegExp(`^${M.guideFailed}: .*topic`));
    }
    // Religion holds nothing on rivers of Europe: refused, and nothing is saved for review.
    const off = await call(generateGuide, admin, { body: { subject: 'religion', difficulty_level: 'beginner', topic: 'Rivers of Europe', length: 'short' } });
    expect(off.status, JSON.stringify(off.body)).toBe(422);
    expect(off.body.error.message).toMatch(new RegExp(`^${M.guideFailed}: .*topic`));
  }, 60_000);

  it('a topic with nothing in the knowledge base fails with the §8 message and saves nothing', async () => {
    const { status, body } = await call(generateGuide, admin, { body: { subject: 'religion', difficulty_level: 'expert', topic: 'xqzv plorbt wug', length: 'short' } });
    expect(status).toBe(422);
    expect(body.error.message).toMatch(new RegExp(`^${M.guideFailed}`));
  }, 30_000);

  it('fact check marks a sentence from the seeded fact sheet supported (with its source) and an invented one unsupported', async () => {
    const id = `ai-fact-check-${run}`;
    await putGeneratedGuide({
      id,
      subject: 'history',
      level: 'beginner',
      title: 'Fact check probe',
      topic: 'Ancient Egypt',
      summary: 'A probe.',
      content: ['The city of Alexandria was founded by Alexander the Great in 331 BCE.', 'The Great Pyramid of Giza was built by Roman engineers for Julius Caesar in 1850.'],
      key_points: [],
      check_questions: [],
      created_at: new Date().toISOString(),
      metadata: { ai_generated: true, fact_checked: false, sources: [], key_points: [], quiz_questions: [], length: 'short', focus_areas: [], word_count: 30, generator: 'test', created_by: admin.user_id },
    });
    const { status, body } = await call(factCheck, admin, { path: { guideId: id } });
    expect(status, JSON.stringify(body)).toBe(200);
    const [fact, invented] = body.result.claims;
    expect(fact).toMatchObject({ supported: true, source: { kind: 'document', id: documentId, title: docTitle } });
    expect(fact.source.excerpt).toContain('Alexandria');
    expect(invented).toMatchObject({ supported: false, source: null });
    expect(body.result).toMatchObject({ supported: 1, total: 2 });
    expect((await getGeneratedGuide(id))!.metadata.fact_checked).toBe(true);
    const log = await listAdminActions(30);
    expect(log.entries.some((e) => e.action === 'guides.fact-check' && e.target === id)).toBe(true);
  }, 60_000);

  it('an unknown guide is 404', async () => {
    expect((await call(factCheck, admin, { path: { guideId: 'no-such-guide' } })).status).toBe(404);
  });
});

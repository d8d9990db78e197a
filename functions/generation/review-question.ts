import { approveRequestSchema, checkAnswerKey, type GeneratedQuestion, GENERATION_MESSAGES as M, reviewResponseSchema, validateForBank } from '#shared/generation/generation.ts';
import { approvedItem, getGeneratedQuestion, markReviewed } from './data/generation.ts';
import { APPROVED_SOURCE_PREFIX, AppendRefused, appendToBank } from '../questions/data/question-bank.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { type HttpEvent, httpHandler, parseBody, respond } from '../lib/http.ts';
import { GENERATED_ID, audit, pathId, refused, requireAdmin } from './admin.ts';

async function pendingQuestion(event: HttpEvent): Promise<GeneratedQuestion> {
  const id = pathId(event, 'questionId', GENERATED_ID);
  const question = id ? await getGeneratedQuestion(id) : undefined;
  if (!question) throw new NotFound(M.notFound);
  if (question.status !== 'pending') throw new Conflict(M.notPending, 'already_reviewed');
  return question;
}

/**
 * POST /api/generation/questions/{questionId}/approve (admin), optionally with edits: the
 * final version is checked again (answer key against the source passage, exactly one right
 * option, unique options, the bank's schema), then appended to its bank, where rounds draw it.
 */
export const approve = httpHandler(async (event) => {
  const me = await requireAdmin(event);
  const edits = parseBody(event, approveRequestSchema);
  const question = await pendingQuestion(event);
  const final: GeneratedQuestion = {
    ...question,
    ...Object.fromEntries(Object.entries(edits).filter(([, v]) => v !== undefined)),
  };
  const keyProblems = checkAnswerKey(final, question.source.passage);
  const bank = validateForBank({
    id: `${APPROVED_SOURCE_PREFIX}${question.id}`,
    subject: final.subject,
    level: final.level,
    question: final.question,
    options: final.options,
    correct_answer: final.correct_answer,
    topic: final.topic,
    explanation: final.explanation,
  });
  const problems = [...keyProblems, ...(bank.ok ? [] : bank.problems)];
  if (!bank.ok || problems.length > 0) throw refused([...new Set(problems)]);
  // The bank change and the queue item's move to approved are one transaction: a concurrent
  // review (another admin's rejection) leaves neither.
  const at = new Date();
  let reviewed: GeneratedQuestion | undefined;
  let publicId: string;
  try {
    ({ publicId } = await appendToBank(bank.question, (id) => {
      const approved = approvedItem(final, me.user_id, at, id);
      reviewed = approved.reviewed;
      return approved.item;
    }));
  } catch (error) {
    if (error instanceof AppendRefused) throw new Conflict(M.notPending, 'already_reviewed');
    throw error;
  }
  if (!reviewed) throw new Conflict(M.notPending, 'already_reviewed');
  const edited = Object.values(edits).some((v) => v !== undefined);
  await audit(me, 'questions.approve', question.id, { bank_question_id: publicId, subject: final.subject, level: final.level, edited });
  return respond(reviewResponseSchema, { success: true, message: 'Question approved: it is now in the question bank', question: reviewed });
});

/** POST /api/generation/questions/{questionId}/reject (admin): leaves the queue, never enters the bank. */
export const reject = httpHandler(async (event) => {
  const me = await requireAdmin(event);
  const question = await pendingQuestion(event);
  const reviewed = await markReviewed(question, 'rejected', me.user_id, new Date(), null);
  if (!reviewed) throw new Conflict(M.notPending, 'already_reviewed');
  await audit(me, 'questions.reject', question.id, { subject: question.subject, level: question.level });
  return respond(reviewResponseSchema, { success: true, message: 'Question rejected', question: reviewed });
});

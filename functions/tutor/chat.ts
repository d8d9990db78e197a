import { remainingToday, TUTOR_CHUNK_TYPE, TUTOR_MESSAGES as M, tutorRequestSchema, type TutorResponse, tutorResponseSchema } from '#shared/tutor/tutor.ts';
import { canUse } from '#shared/entitlements.ts';
import { STUDY_HELP_MESSAGES, scoredQuestionAsked } from '#shared/study-help/scored-questions.ts';
import { knowledgeBase } from '../ai/index.ts';
import { claimTutorQuestion, releaseTutorQuestion } from './data/tutor.ts';
import { guardedKnowledgeBase, scoredQuestionsFor } from '../knowledge/scored-questions.ts';
import { requireCaller } from '../lib/caller.ts';
import { AppError, Forbidden, TooManyRequests } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { countMetric, METRIC } from '../lib/metrics.ts';
import { pushToUser } from '../lib/push.ts';
import { answerQuestion, chunkBatcher } from './answer.ts';
import { tutorDeps } from './deps.ts';

/**
 * POST /api/tutor/chat (premium ai_tutor_chat, docs/ai.md): the answer to
 * one question with the last 5 messages as context, grounded in the knowledge base, with
 * its citations. An HTTP API Lambda cannot stream its response, so the pieces are pushed as
 * they are written over the account's WebSocket (`tutor.chunk` on user:<id>, named by the
 * request id) and the response carries the complete answer, which the screen keeps as the
 * final text (and shows alone when the socket is down). 50 questions per account per UTC day.
 */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['student']);
  const now = new Date();
  if (!canUse(me, 'ai_tutor_chat', now)) throw new Forbidden(M.premiumRequired, 'premium_required');
  const request = parseBody(event, tutorRequestSchema);
  const used = await claimTutorQuestion(me.user_id, now);
  if (used === null) throw new TooManyRequests(M.dailyLimit);

  const requestId = request.requestId ?? null;
  const stream = chunkBatcher(async (seq, text) => {
    if (requestId) await pushToUser(me.user_id, { type: TUTOR_CHUNK_TYPE, data: { requestId, seq, text } });
  });
  try {
    // Never the answer to a question that can still earn this caller points.
    const scored = await scoredQuestionsFor(me, now);
    const held = scoredQuestionAsked(request.message, scored);
    if (held) {
      await releaseTutorQuestion(me.user_id, now);
      const response = STUDY_HELP_MESSAGES.tutorHeld(held.mode);
      await stream.add(response);
      await stream.flush();
      return respond(tutorResponseSchema, { response, citations: [], grounded: false, remaining: remainingToday(used - 1), requestId } satisfies TutorResponse);
    }
    // Earlier turns that asked a scored question are not handed to the generator either.
    const history = request.context.previousMessages.filter((m) => m.type !== 'user' || !scoredQuestionAsked(m.content, scored));
    const answer = await answerQuestion(
      { message: request.message, subject: request.context.subject, history, onText: stream.add },
      tutorDeps(guardedKnowledgeBase(knowledgeBase(), scored), scored),
    );
    await stream.flush();
    if (answer.response === M.noContent) await releaseTutorQuestion(me.user_id, now);
    // No grounded answer (nothing found, or the model said nothing): the tutor's fallback text.
    if (!answer.grounded) countMetric(METRIC.aiFallbacks);
    const body: TutorResponse = { response: answer.response, citations: answer.citations, grounded: answer.grounded, remaining: remainingToday(used), requestId };
    return respond(tutorResponseSchema, body);
  } catch (error) {
    await releaseTutorQuestion(me.user_id, now);
    if (error instanceof AppError) throw error;
    log.error('tutor: answering failed', { error: error instanceof Error ? error.message : String(error) });
    countMetric(METRIC.aiFallbacks);
    throw new AppError(503, 'unavailable', M.connection);
  }
});

import { explainRequestSchema, explainResponseSchema } from '#shared/explanations/explanations.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { scoredQuestionsFor } from '../knowledge/scored-questions.ts';
import { requireVideoCaller } from './access.ts';
import { answeredQuestion, explain } from './explain.ts';

/**
 * POST /api/explanations {roundId, questionId, answer}: the AI explanation of a wrong (or
 * unanswered) question of the caller's finished round (docs/ai.md).
 * The question and its key are read from the round, never from the request.
 */
export const handler = httpHandler(async (event) => {
  const input = parseBody(event, explainRequestSchema);
  const me = await requireVideoCaller(event);
  const question = await answeredQuestion(me.user_id, input.roundId, input.questionId, input.answer);
  // Nothing that gives away a question still earning this caller points.
  const result = await explain(me.user_id, question, new Date(), await scoredQuestionsFor(me));
  return respond(explainResponseSchema, { success: true, ...result });
});

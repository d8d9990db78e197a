import { reviewResponseSchema } from '#shared/quiz/contracts.ts';
import { hasFullAccess } from '#shared/entitlements.ts';
import { getRound } from './data/rounds.ts';
import { requireCaller } from '../lib/caller.ts';
import { Conflict, Forbidden, NotFound } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { roundIdFrom } from './round-path.ts';

/** GET /api/quiz/rounds/{roundId}/review: a premium user's wrong answers with the stored explanations. */
export const handler = httpHandler(async (event) => {
  const roundId = roundIdFrom(event);
  const profile = await requireCaller(event);
  if (!hasFullAccess(profile, new Date())) throw new Forbidden('Reviewing answers is part of Premium', 'premium_required');
  const round = await getRound(profile.user_id, roundId);
  if (!round) throw new NotFound('Round not found');
  if (round.status !== 'finished') throw new Conflict('Finish the round to review it', 'round_active');

  const items = round.questions.flatMap((question, i) => {
    const answer = round.answers[i];
    if (answer?.correct) return [];
    return [{ questionId: question.id, question: question.question, yourAnswer: answer?.answer ?? null, correctAnswer: question.correct_answer, explanation: question.explanation, topic: question.topic }];
  });
  return respond(reviewResponseSchema, { items });
});

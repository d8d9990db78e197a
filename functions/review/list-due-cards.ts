import { type Card, dueCardsSchema, REVIEW_MESSAGES } from '#shared/review/review.ts';
import { canUse } from '#shared/entitlements.ts';
import { dueCards, questionsByIds } from './data/reviews.ts';
import { questionsHeld } from '../quiz/left-rounds.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';

/**
 * GET /api/spaced-repetition/cards (premium spaced_repetition): the caller's cards due now,
 * oldest due first, at most 20 (one query on the due index). A card whose question waits
 * for its answer in a round in play is held back until it is answered or the round is left.
 */
export const handler = httpHandler(async (event) => {
  const profile = await requireCaller(event);
  const now = new Date();
  if (!canUse(profile, 'spaced_repetition', now)) throw new Forbidden(REVIEW_MESSAGES.premiumRequired, 'premium_required');
  // Held first: settling a round left unfinished adds its misses as cards, due now.
  const inPlay = await questionsHeld(profile.user_id, now);
  const due = await dueCards(profile.user_id, now);
  const shown = due.filter((card) => !inPlay.has(card.id));
  const questions = await questionsByIds(shown.map((card) => card.id));
  const cards: Card[] = shown.flatMap((card) => {
    const question = questions.get(card.id);
    if (!question) return [];
    return [
      {
        questionId: card.id,
        subject: question.subject,
        level: question.level,
        question: question.question,
        options: question.options,
        correctAnswer: question.correct_answer,
        explanation: question.explanation,
        nextReview: card.nextReview,
        reviewCount: card.reviewCount,
        repetitions: card.repetitions,
        intervalDays: card.intervalDays,
        ease: card.ease,
      },
    ];
  });
  return respond(dueCardsSchema, { cards });
});

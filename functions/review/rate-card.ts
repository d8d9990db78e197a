import { nextReviewAt, nextSchedule, rateRequestSchema, rateResponseSchema, REVIEW_MESSAGES } from '#shared/review/review.ts';
import { canUse } from '#shared/entitlements.ts';
import { getCard, saveSchedule } from './data/reviews.ts';
import { requireCaller } from '../lib/caller.ts';
import { Conflict, Forbidden, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { questionIdFrom } from './question-path.ts';

/**
 * POST /api/spaced-repetition/cards/{questionId}/rating (premium spaced_repetition): the
 * server applies the SM-2 rule (shared/review) to the caller's own card and saves the new
 * schedule. A card not due yet cannot be rated (409); another user's card is 404.
 */
export const handler = httpHandler(async (event) => {
  const questionId = questionIdFrom(event, REVIEW_MESSAGES.cardNotFound);
  const { rating } = parseBody(event, rateRequestSchema);
  const profile = await requireCaller(event);
  const now = new Date();
  if (!canUse(profile, 'spaced_repetition', now)) throw new Forbidden(REVIEW_MESSAGES.premiumRequired, 'premium_required');
  const card = await getCard(profile.user_id, questionId);
  if (!card) throw new NotFound(REVIEW_MESSAGES.cardNotFound);
  if (card.nextReview > now.toISOString()) throw new Conflict('This card is not due yet', 'not_due');
  const schedule = nextSchedule(card, rating);
  const nextReview = nextReviewAt(now, schedule.intervalDays).toISOString();
  if (!(await saveSchedule(profile.user_id, card, schedule, nextReview, now))) throw new Conflict('This card was just rated', 'already_rated');
  return respond(rateResponseSchema, { nextReview, reviewCount: card.reviewCount + 1, ...schedule });
});

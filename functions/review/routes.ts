import { dueCardsSchema, notesResponseSchema, rateResponseSchema, reviewListSchema } from '#shared/review/review.ts';
import { questionIdSchema } from '#shared/quiz/contracts.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** Review mode (bookmarked questions with notes) and spaced repetition (docs/learning.md: premium spaced_repetition). Path ids are question ids. */
export const REVIEW_ROUTES = [
  { method: 'GET', path: '/api/review', name: 'ListReview', entry: 'functions/review/list-review.ts', auth: 'jwt', response: reviewListSchema },
  { method: 'PUT', path: '/api/review/{questionId}/notes', name: 'SaveReviewNotes', entry: 'functions/review/save-notes.ts', auth: 'jwt', response: notesResponseSchema, params: { questionId: questionIdSchema } },
  { method: 'GET', path: '/api/spaced-repetition/cards', name: 'ListDueCards', entry: 'functions/review/list-due-cards.ts', auth: 'jwt', response: dueCardsSchema },
  { method: 'POST', path: '/api/spaced-repetition/cards/{questionId}/rating', name: 'RateCard', entry: 'functions/review/rate-card.ts', auth: 'jwt', response: rateResponseSchema, params: { questionId: questionIdSchema } },
] as const satisfies readonly RouteDefinition[];

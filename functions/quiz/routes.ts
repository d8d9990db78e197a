import { analyticsResponseSchema } from '#shared/analytics.ts';
import { answerResponseSchema, bookmarkResponseSchema, finishResponseSchema, progressResponseSchema, reviewResponseSchema, roundIdSchema, roundSchema } from '#shared/quiz/contracts.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** Rounds (drawn, graded and scored on the server), progress, analytics and bookmarks. */
export const QUIZ_ROUTES = [
  { method: 'POST', path: '/api/quiz/rounds', name: 'StartRound', entry: 'functions/quiz/start-round.ts', auth: 'jwt', response: roundSchema },
  { method: 'POST', path: '/api/quiz/rounds/{roundId}/answers', name: 'AnswerQuestion', entry: 'functions/quiz/answer-question.ts', auth: 'jwt', response: answerResponseSchema, params: { roundId: roundIdSchema } },
  { method: 'POST', path: '/api/quiz/rounds/{roundId}/finish', name: 'FinishRound', entry: 'functions/quiz/finish-round.ts', auth: 'jwt', response: finishResponseSchema, params: { roundId: roundIdSchema } },
  { method: 'GET', path: '/api/quiz/rounds/{roundId}/review', name: 'ReviewRound', entry: 'functions/quiz/review-round.ts', auth: 'jwt', response: reviewResponseSchema, params: { roundId: roundIdSchema } },
  { method: 'GET', path: '/api/progress', name: 'GetProgress', entry: 'functions/quiz/get-progress.ts', auth: 'jwt', response: progressResponseSchema },
  { method: 'POST', path: '/api/bookmarks/toggle', name: 'ToggleBookmark', entry: 'functions/quiz/toggle-bookmark.ts', auth: 'jwt', response: bookmarkResponseSchema },
  { method: 'GET', path: '/api/analytics', name: 'GetAnalytics', entry: 'functions/quiz/get-analytics.ts', auth: 'jwt', response: analyticsResponseSchema },
] as const satisfies readonly RouteDefinition[];

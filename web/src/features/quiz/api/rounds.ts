import { answerResponseSchema, finishResponseSchema, reviewResponseSchema, roundSchema, type StartRoundRequest } from '#shared/quiz/contracts.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';

/** The quiz round calls (functions/routes.ts). The server draws, grades and scores; these only carry. */

const roundPath = (roundId: string) => `/api/quiz/rounds/${encodeURIComponent(roundId)}`;

/** 201 a new round, 200 the round in play resumed (no answer key either way); 403 premium_required, 429 daily_limit, 404 no questions. */
export const startRound = (body: StartRoundRequest, signal?: AbortSignal, client: ApiClient = api) =>
  client.request('/api/quiz/rounds', { method: 'POST', body, auth: true, schema: roundSchema, signal });

export type AnswerBody = { questionId: string; answer: string } | { questionId: string; skip: true };

/** Grades one answer or a skip, in order; 409 time_up / out_of_order / round_finished. */
export const submitAnswer = (roundId: string, body: AnswerBody, client: ApiClient = api) =>
  client.request(`${roundPath(roundId)}/answers`, { method: 'POST', body, auth: true, schema: answerResponseSchema });

/** Ends a competition round whose time ran out (or returns a finished round's result); 409 round_active if early. */
export const finishRound = (roundId: string, signal?: AbortSignal, client: ApiClient = api) =>
  client.request(`${roundPath(roundId)}/finish`, { method: 'POST', body: {}, auth: true, schema: finishResponseSchema, signal });

/** A finished round's wrong answers with explanations; premium, trial and admin only (403 otherwise). */
export const getReview = (roundId: string, signal?: AbortSignal, client: ApiClient = api) =>
  client.request(`${roundPath(roundId)}/review`, { auth: true, schema: reviewResponseSchema, signal });

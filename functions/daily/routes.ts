import { dailyChallengeIdSchema, dailyChallengeResponseSchema, generateUpcomingResponseSchema, startDailyResponseSchema } from '#shared/social/daily-challenge.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** The daily challenge: today's (generated when missing), one by id, its start, and the admin's upcoming days. */
export const DAILY_ROUTES = [
  { method: 'GET', path: '/api/daily-challenges/today', name: 'GetTodayDailyChallenge', entry: 'functions/daily/get-today.ts', auth: 'jwt', response: dailyChallengeResponseSchema },
  { method: 'GET', path: '/api/daily-challenges/{challengeId}', name: 'GetDailyChallenge', entry: 'functions/daily/get-challenge.ts', auth: 'jwt', response: dailyChallengeResponseSchema, params: { challengeId: dailyChallengeIdSchema } },
  { method: 'POST', path: '/api/daily-challenges/{challengeId}/start', name: 'StartDailyChallenge', entry: 'functions/daily/start-challenge.ts', auth: 'jwt', response: startDailyResponseSchema, params: { challengeId: dailyChallengeIdSchema } },
  { method: 'POST', path: '/api/daily-challenges/generate-upcoming', name: 'GenerateUpcomingDailyChallenges', entry: 'functions/daily/generate-upcoming.ts', auth: 'jwt', response: generateUpcomingResponseSchema },
] as const satisfies readonly RouteDefinition[];

import { matchAnswerResponseSchema, matchStateSchema, tournamentIdSchema, tournamentListSchema, tournamentResponseSchema } from '#shared/tournaments/api.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** Live tournaments: the week's tournaments, registration, a match's state and answers, and the admin's quick match. */
export const TOURNAMENT_ROUTES = [
  { method: 'GET', path: '/api/tournaments', name: 'ListTournaments', entry: 'functions/tournaments/list-tournaments.ts', auth: 'jwt', response: tournamentListSchema },
  { method: 'POST', path: '/api/tournaments/quick-match', name: 'CreateQuickMatch', entry: 'functions/tournaments/quick-match.ts', auth: 'jwt', response: tournamentResponseSchema },
  { method: 'POST', path: '/api/tournaments/{tournamentId}/register', name: 'RegisterForTournament', entry: 'functions/tournaments/register.ts', auth: 'jwt', response: tournamentResponseSchema, params: { tournamentId: tournamentIdSchema } },
  { method: 'GET', path: '/api/tournaments/{tournamentId}/match', name: 'GetLiveMatch', entry: 'functions/tournaments/get-match.ts', auth: 'jwt', response: matchStateSchema, params: { tournamentId: tournamentIdSchema } },
  { method: 'POST', path: '/api/tournaments/{tournamentId}/answers', name: 'AnswerLiveMatch', entry: 'functions/tournaments/answer.ts', auth: 'jwt', response: matchAnswerResponseSchema, params: { tournamentId: tournamentIdSchema } },
] as const satisfies readonly RouteDefinition[];

import { DEADLINE_GRACE_MS, finishResponseSchema, QUIZ_MESSAGES } from '#shared/quiz/contracts.ts';
import { getRound } from './data/rounds.ts';
import { requireCaller } from '../lib/caller.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { completeRound } from './complete-round.ts';
import { roundIdFrom } from './round-path.ts';

/**
 * POST /api/quiz/rounds/{roundId}/finish: ends a competition round whose timer ran out
 * (unanswered questions count as wrong), or returns the result of a finished round.
 */
export const handler = httpHandler(async (event) => {
  const roundId = roundIdFrom(event);
  const profile = await requireCaller(event);
  const round = await getRound(profile.user_id, roundId);
  if (!round) throw new NotFound('Round not found');
  if (round.status === 'abandoned') throw new Conflict(QUIZ_MESSAGES.roundExpired, 'round_expired');

  const now = new Date();
  const timeUp = round.deadline !== null && now.getTime() >= round.deadline - DEADLINE_GRACE_MS;
  if (round.status === 'active' && !timeUp) throw new Conflict('The round is still running', 'round_active');
  return respond(finishResponseSchema, { result: await completeRound(round, now) });
});

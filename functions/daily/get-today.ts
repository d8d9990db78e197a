import { dailyChallengeIdSchema, dailyChallengeResponseSchema } from '#shared/social/daily-challenge.ts';
import * as z from 'zod';
import { fieldErrors } from '#shared/validation/field-errors.ts';
import { getDailyChallenge, getDailyProgress } from './data/daily-challenges.ts';
import { requireCaller } from '../lib/caller.ts';
import { BadRequest } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { callerDay, toDailyView, toProgressView } from './daily-view.ts';
import { ensureDailyChallenge } from './generate-challenges.ts';

const querySchema = z.object({ timeZone: z.string().max(64).default('UTC') });

/**
 * GET /api/daily-challenges/today: the caller's challenge of the day (the spec's
 * ensure_today: generated now if the scheduled run has not made it) and their progress on
 * it. `challenge` is null only when the bank has nothing to draw (the card's empty state).
 */
export const handler = httpHandler(async (event) => {
  const parsed = querySchema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new BadRequest('Invalid query', fieldErrors(parsed.error) as Record<string, string>);
  const profile = await requireCaller(event, ['student', 'admin']);
  const now = new Date();

  const { date, level } = callerDay(profile, parsed.data.timeZone, now);
  const [ensured, progress] = await Promise.all([ensureDailyChallenge(date, level, now), getDailyProgress(profile.user_id, date)]);
  // A day already played at another level (the plan changed since) shows the challenge that was played.
  const played = progress && progress.challenge_id !== ensured?.id ? await getDailyChallenge(date, dailyChallengeIdSchema.parse(progress.challenge_id).level) : undefined;
  const challenge = played ?? ensured;
  return respond(dailyChallengeResponseSchema, { challenge: challenge ? toDailyView(challenge) : null, progress: toProgressView(progress) });
});

import { datesFrom, generateUpcomingResponseSchema } from '#shared/social/daily-challenge.ts';
import { recordAdminAction } from '../admin/data/audit-log.ts';
import { requireAdmin } from '../admin/require-admin.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { ensureDailyChallenges } from './generate-challenges.ts';

/** How many days ahead the admin call prepares (docs/social.md: the next 7 days). */
const UPCOMING_DAYS = 7;

/**
 * POST /api/daily-challenges/generate-upcoming (the spec's generate_upcoming): admins make
 * sure the next 7 days (from tomorrow, UTC) have their challenges; existing ones are kept.
 */
export const handler = httpHandler(async (event) => {
  const admin = await requireAdmin(event);
  const now = new Date();
  const tomorrow = datesFrom(now.toISOString().slice(0, 10), 2)[1]!;
  const dates = datesFrom(tomorrow, UPCOMING_DAYS);
  const created = await ensureDailyChallenges(dates, now);
  await recordAdminAction({ actorId: admin.user_id, actorEmail: admin.email, action: 'daily-challenges.generate', detail: { from: dates[0]!, to: dates.at(-1)!, created } });
  return respond(generateUpcomingResponseSchema, { success: true, created, dates });
});

import { analytics, ANALYTICS_RANGES, analyticsResponseSchema, type AttemptPoint } from '#shared/analytics.ts';
import * as z from 'zod';
import { canUse } from '#shared/entitlements.ts';
import { attemptsSince } from './data/learner.ts';
import { requireCaller } from '../lib/caller.ts';
import { BadRequest, Forbidden } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';

const querySchema = z.object({ range: z.coerce.number().pipe(z.union(ANALYTICS_RANGES.map((r) => z.literal(r)) as [z.ZodLiteral<7>, z.ZodLiteral<30>, z.ZodLiteral<90>])).default(30) });

/**
 * GET /api/analytics?range=7|30|90: detailed analytics (a premium feature) from the
 * caller's attempts in the range, one key-range query.
 */
export const handler = httpHandler(async (event) => {
  const parsed = querySchema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new BadRequest('Range must be 7, 30 or 90 days', { range: 'Range must be 7, 30 or 90 days' });
  const profile = await requireCaller(event);
  const now = new Date();
  if (!canUse(profile, 'detailed_analytics', now)) throw new Forbidden('Detailed analytics are part of Premium', 'premium_required');

  const items = await attemptsSince(profile.user_id, new Date(now.getTime() - parsed.data.range * 86_400_000));

  const attempts: AttemptPoint[] = items.map((a) => ({
    subject: a.subject as AttemptPoint['subject'],
    score: Number(a.score),
    total: Number(a.total_questions),
    timeSpentMs: Number(a.time_spent),
    completedAt: String(a.completed_at),
  }));
  return respond(analyticsResponseSchema, analytics(attempts, parsed.data.range, now));
});

import type { Profile } from '#shared/api.ts';
import { canUse } from '#shared/entitlements.ts';
import { EXPLANATION_MESSAGES as M, VIDEO_MESSAGES, videoIdSchema } from '#shared/explanations/explanations.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden, NotFound } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/**
 * AI explanations and the video library: students (and admins, like the other student tools)
 * with the premium feature video_explanations; free accounts get 403 with no data on every route.
 */
export async function requireVideoCaller(event: HttpEvent): Promise<Profile> {
  const me = await requireCaller(event, ['student', 'admin']);
  if (!canUse(me, 'video_explanations', new Date())) throw new Forbidden(M.premiumRequired, 'premium_required');
  return me;
}

/** The `{videoId}` of the path; anything that cannot be one is simply not found. */
export function videoIdParam(event: HttpEvent): string {
  const parsed = videoIdSchema.safeParse(event.pathParameters?.videoId);
  if (!parsed.success) throw new NotFound(VIDEO_MESSAGES.notFound);
  return parsed.data;
}

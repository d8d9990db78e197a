import type { Profile } from '#shared/api.ts';
import { limitFor } from '#shared/entitlements.ts';
import { STUDY_GUIDES } from '#shared/guides/catalogue.ts';
import { GUIDE_MESSAGES as M, canReadGuide, guideIdSchema, orderGuides, type StudyGuide } from '#shared/guides/study-guides.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden, NotFound } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** The guides in catalogue order (newest first); bundled with the Lambda, read-only. */
export const CATALOGUE: readonly StudyGuide[] = orderGuides(STUDY_GUIDES);

/** /study is a student page; admins see everything too (3-learning §2, §6). */
export function requireGuideReader(event: HttpEvent): Promise<Profile> {
  return requireCaller(event, ['student', 'admin']);
}

/** How many guides the caller reads: 3 for a free account, -1 with premium, a trial or as admin. */
export function guideLimit(me: Profile, now: Date): number {
  return limitFor(me, 'study_guides', now);
}

/** The guide from the path, if the caller may read it: unknown is 404, beyond the free limit 403, both with no data. */
export function readableGuide(event: HttpEvent, me: Profile, now: Date): StudyGuide {
  const parsed = guideIdSchema.safeParse(event.pathParameters?.guideId);
  const position = parsed.success ? CATALOGUE.findIndex((g) => g.id === parsed.data) : -1;
  if (position < 0) throw new NotFound(M.notFound);
  if (!canReadGuide(position, guideLimit(me, now))) throw new Forbidden(M.premiumRequired, 'premium_required');
  return CATALOGUE[position]!;
}

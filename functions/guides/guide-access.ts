import type { Profile } from '#shared/api.ts';
import { limitFor } from '#shared/entitlements.ts';
import { STUDY_GUIDES } from '#shared/guides/catalogue.ts';
import { GUIDE_MESSAGES as M, canReadGuide, guideIdSchema, orderGuides, type GuideDetail, type StudyGuide } from '#shared/guides/study-guides.ts';
import type { GeneratedGuide } from '#shared/generation/generation.ts';
import { listGeneratedGuides } from '../generation/data/generation.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden, NotFound } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** The guides in catalogue order (newest first); bundled with the Lambda, read-only. */
export const CATALOGUE: readonly StudyGuide[] = orderGuides(STUDY_GUIDES);

/** /study is a student page; admins see everything too (docs/learning.md). */
export function requireGuideReader(event: HttpEvent): Promise<Profile> {
  return requireCaller(event, ['student', 'admin']);
}

/** How many guides the caller reads: 3 for a free account, -1 with premium, a trial or as admin. */
export function guideLimit(me: Profile, now: Date): number {
  return limitFor(me, 'study_guides', now);
}

/** The admin's AI-generated guides (stored in the table, newest first), as the page shows guides. */
export async function generatedGuides(): Promise<GeneratedGuide[]> {
  return listGeneratedGuides();
}

/**
 * The guide from the path, if the caller may read it: unknown is 404, beyond the free limit
 * 403, both with no data. Generated guides come after the catalogue, so a free account's
 * three are always catalogue guides.
 */
export async function readableGuide(event: HttpEvent, me: Profile, now: Date): Promise<GuideDetail> {
  const parsed = guideIdSchema.safeParse(event.pathParameters?.guideId);
  if (!parsed.success) throw new NotFound(M.notFound);
  const position = CATALOGUE.findIndex((g) => g.id === parsed.data);
  if (position >= 0) {
    if (!canReadGuide(position, guideLimit(me, now))) throw new Forbidden(M.premiumRequired, 'premium_required');
    return CATALOGUE[position]! as GuideDetail;
  }
  const generated = await generatedGuides();
  const index = generated.findIndex((g) => g.id === parsed.data);
  if (index < 0) throw new NotFound(M.notFound);
  if (!canReadGuide(CATALOGUE.length + index, guideLimit(me, now))) throw new Forbidden(M.premiumRequired, 'premium_required');
  const { metadata, ...guide } = generated[index]!;
  return { ...guide, ai: { fact_checked: metadata.fact_checked, sources: metadata.sources } };
}

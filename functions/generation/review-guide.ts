import { approveGuideRequestSchema, countWords, type GeneratedGuide, GENERATION_MESSAGES as M, guideReviewResponseSchema } from '#shared/generation/generation.ts';
import { guideIdSchema } from '#shared/guides/study-guides.ts';
import { getGeneratedGuide, markGuideReviewed } from './data/generation.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { type HttpEvent, httpHandler, parseBody, respond } from '../lib/http.ts';
import { audit, requireAdmin } from './admin.ts';

/**
 * The review of generated study guides, as for generated questions: a
 * guide reaches /study only once an admin approves it, optionally edited; a rejected one never.
 */

async function pendingGuide(event: HttpEvent): Promise<GeneratedGuide> {
  const id = guideIdSchema.safeParse(event.pathParameters?.guideId);
  const guide = id.success ? await getGeneratedGuide(id.data, true) : undefined;
  if (!guide) throw new NotFound(M.guideNotFound);
  if (guide.status !== 'pending') throw new Conflict(M.guideNotPending, 'already_reviewed');
  return guide;
}

/** POST /api/generation/guides/{guideId}/approve (admin), optionally with edits of title, summary and paragraphs: listed in /study from now on. */
export const approve = httpHandler(async (event) => {
  const me = await requireAdmin(event);
  const edits = parseBody(event, approveGuideRequestSchema);
  const guide = await pendingGuide(event);
  const content = edits.content ?? guide.content;
  const final: GeneratedGuide = {
    ...guide,
    title: edits.title ?? guide.title,
    summary: edits.summary ?? guide.summary,
    content,
    metadata: { ...guide.metadata, word_count: countWords(content.join(' ')) },
  };
  const reviewed = await markGuideReviewed(final, 'approved', me.user_id, new Date());
  if (!reviewed) throw new Conflict(M.guideNotPending, 'already_reviewed');
  const edited = Object.values(edits).some((v) => v !== undefined);
  await audit(me, 'guides.approve', guide.id, { subject: guide.subject, level: guide.level, edited });
  return respond(guideReviewResponseSchema, { success: true, message: 'Study guide approved: students now find it in Study Guides', guide: reviewed });
});

/** POST /api/generation/guides/{guideId}/reject (admin): never listed. */
export const reject = httpHandler(async (event) => {
  const me = await requireAdmin(event);
  const guide = await pendingGuide(event);
  const reviewed = await markGuideReviewed(guide, 'rejected', me.user_id, new Date());
  if (!reviewed) throw new Conflict(M.guideNotPending, 'already_reviewed');
  await audit(me, 'guides.reject', guide.id, { subject: guide.subject, level: guide.level });
  return respond(guideReviewResponseSchema, { success: true, message: 'Study guide rejected', guide: reviewed });
});

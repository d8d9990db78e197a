import { generateGuideRequestSchema, generateGuideResponseSchema, GENERATION_MESSAGES as M, GUIDE_LENGTHS } from '#shared/generation/generation.ts';
import { ON_TOPIC_MIN, onTopicShare, topicStems } from '#shared/generation/relevance.ts';
import { sentences } from '../ai/nlp.ts';
import { chunkSearch, textGenerator } from '../ai/index.ts';
import { putGeneratedGuide } from './data/generation.ts';
import { AppError } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { audit, requireAdmin } from './admin.ts';
import { findGuidePassages, writeGuide } from './guide-writer.ts';

/**
 * POST /api/generation/guides (admin, docs/ai.md: subject, topic,
 * difficulty_level, focus_areas, length): a guide written from the knowledge base, saved
 * with metadata ai_generated, sources, key_points and quiz_questions, as pending: it appears in
 * /study once an admin approves it (review-guide.ts).
 */
export const handler = httpHandler(async (event) => {
  const me = await requireAdmin(event);
  const request = parseBody(event, generateGuideRequestSchema);
  try {
    const found = await findGuidePassages(chunkSearch(), request);
    if (found.every((f) => f.passages.length === 0)) throw new AppError(422, 'nothing_grounded', `${M.guideFailed}: ${M.nothingGrounded}`);
    const { guide, words, verdict } = await writeGuide(request, found, await textGenerator(), { createdBy: me.user_id, now: new Date() });
    if (guide.content.length === 0) throw new AppError(422, 'nothing_grounded', `${M.guideFailed}: ${M.nothingGrounded}`);
    // Off its topic: refused before anyone reviews it (the passages were filtered; the generator's text is checked too).
    const share = onTopicShare(sentences(guide.content.join(' ')), topicStems(request.topic, ...request.focus_areas));
    if (share < ON_TOPIC_MIN) throw new AppError(422, 'off_topic', `${M.guideFailed}: ${M.offTopic(Math.round(share * 100), ON_TOPIC_MIN * 100)}`);
    await putGeneratedGuide(guide);
    await audit(me, 'guides.generate', guide.id, { subject: guide.subject, level: guide.level, length: request.length, words });
    const { min } = GUIDE_LENGTHS[request.length];
    const warning =
      verdict === 'short-of-range'
        ? `The knowledge base holds ${words} words on this topic, fewer than the ${min} a ${request.length} guide asks for: the guide is shorter rather than padded with anything unsourced. Add documents on it to write more.`
        : null;
    return respond(generateGuideResponseSchema, { success: true, message: `Study guide "${guide.title}" generated (${words} words): it waits in the review queue until you approve it`, guide, warning });
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error('generation: study guide failed', { error: String(error) });
    throw new AppError(500, 'generation_failed', M.guideFailed);
  }
});

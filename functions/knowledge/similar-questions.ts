import { DOCUMENT_MESSAGES, type SimilarQuestion, similarQuestionsQuerySchema, similarQuestionsResultSchema } from '#shared/knowledge/documents.ts';
import { readableQuestionLevels } from '#shared/knowledge/question-access.ts';
import { QUESTION_MAX_RESULTS, QUESTION_THRESHOLD } from '#shared/knowledge/similarity.ts';
import { fieldErrors } from '#shared/validation/field-errors.ts';
import { revealsScored } from '#shared/study-help/scored-questions.ts';
import { chunkSearch } from '../ai/index.ts';
import { requireCaller } from '../lib/caller.ts';
import { AppError, BadRequest } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { scoredQuestionsFor } from './scored-questions.ts';

const SPARE_RESULTS = 5;

/**
 * GET /api/knowledge/similar-questions?query=&subject= (any signed-in user): bank questions
 * like the query (search_similar_questions: threshold 0.5, 5 results), for Practice Similar
 * Questions. Only the question, its subject, level and topic go out: never the answer, the
 * explanation or the bank's internal id; and only of the levels the caller may play.
 */
export const handler = httpHandler(async (event) => {
  const parsed = similarQuestionsQuerySchema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error) as Record<string, string>;
    throw new BadRequest(Object.values(fields)[0] ?? DOCUMENT_MESSAGES.questionSearchFailed, fields);
  }
  const me = await requireCaller(event);
  const now = new Date();
  try {
    // Not the questions still earning this caller points, nor one whose text gives theirs away.
    const scored = await scoredQuestionsFor(me, now);
    const found = await chunkSearch().searchChunks({
      query: parsed.data.query,
      subject: parsed.data.subject,
      kinds: ['question'],
      threshold: QUESTION_THRESHOLD,
      maxResults: QUESTION_MAX_RESULTS + (scored.length > 0 ? SPARE_RESULTS : 0),
      excludeSourceIds: scored.map((q) => q.id),
      // The same entitlements as play: no advanced or expert question text for those who cannot play it.
      levels: readableQuestionLevels(me, now),
    });
    const shown = found.filter((p) => !revealsScored({ text: p.source.title, source: p.source }, scored)).slice(0, QUESTION_MAX_RESULTS);
    const questions: SimilarQuestion[] = shown.flatMap((p) =>
      p.subject && p.level ? [{ question: p.source.title, subject: p.subject, level: p.level, topic: p.category, similarity: p.similarity }] : [],
    );
    return respond(similarQuestionsResultSchema, { questions });
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error('similar-question search failed', { error: error instanceof Error ? { name: error.name, message: error.message } : error });
    throw new AppError(500, 'search_failed', DOCUMENT_MESSAGES.questionSearchFailed);
  }
});

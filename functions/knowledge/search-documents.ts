import { DOCUMENT_MESSAGES, documentSearchResultSchema, documentSearchSchema } from '#shared/knowledge/documents.ts';
import { fieldErrors } from '#shared/validation/field-errors.ts';
import { chunkSearch } from '../ai/index.ts';
import { AppError, BadRequest } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { requireKnowledgeCaller } from './access.ts';

/**
 * GET /api/knowledge/search?query=&subject=&category=&threshold=&maxResults= (admin): the
 * knowledge base's chunks most similar to the query (search_similar_documents), with their
 * similarity, source and subject. Threshold 0.3, 0.5 or 0.7 (default 0.5), 5 results by default.
 */
export const handler = httpHandler(async (event) => {
  await requireKnowledgeCaller(event, ['admin'], 'Admin privileges required to search documents');
  const parsed = documentSearchSchema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error) as Record<string, string>;
    throw new BadRequest(Object.values(fields)[0] ?? DOCUMENT_MESSAGES.searchFailed, fields);
  }
  const { query, subject, category, threshold, maxResults } = parsed.data;
  try {
    const results = await chunkSearch().searchChunks({ query, subject, category, threshold, maxResults });
    return respond(documentSearchResultSchema, { results: results.map(({ level: _level, ...passage }) => passage) });
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error('document search failed', { error: error instanceof Error ? { name: error.name, message: error.message } : error });
    throw new AppError(500, 'search_failed', DOCUMENT_MESSAGES.searchFailed);
  }
});

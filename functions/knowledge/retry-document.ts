import { DOCUMENT_MESSAGES, documentIdSchema, retryDocumentResultSchema } from '#shared/knowledge/documents.ts';
import { canRetry, documentView } from '#shared/knowledge/embedding.ts';
import { recordAdminAction } from '../admin/data/audit-log.ts';
import { getDocument, retryDocument } from './data/knowledge.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { pathParam } from '../lib/path-param.ts';
import { publish } from '../lib/publish.ts';
import { requireKnowledgeCaller } from './access.ts';

/**
 * POST /api/knowledge/documents/{documentId}/retry (admin): a document whose embedding failed
 * (or stopped moving) is queued again as the next attempt, run for this admin; the passages
 * already embedded are kept, so the run continues where the last one stopped. The id is checked
 * first: one no document could have is a 400 before the caller or the table is read.
 */
export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'documentId', documentIdSchema, DOCUMENT_MESSAGES.invalidId);
  const admin = await requireKnowledgeCaller(event, ['admin'], DOCUMENT_MESSAGES.adminRequired);
  const doc = await getDocument(id);
  if (!doc) throw new NotFound(DOCUMENT_MESSAGES.notFound);
  const now = new Date();
  if (!canRetry(doc, now) || !(await retryDocument(doc, admin.user_id, now))) throw new Conflict(DOCUMENT_MESSAGES.notRetryable, 'not_retryable');
  await publish('DocumentEmbeddingRequested', { documentId: doc.id, attempt: doc.attempt + 1, requestedBy: admin.user_id });
  await recordAdminAction({ actorId: admin.user_id, actorEmail: admin.email, action: 'documents.retry', target: doc.id, detail: { title: doc.title.slice(0, 200), attempt: doc.attempt + 1 } });
  const { content: _content, requestedBy: _by, attempt: _attempt, ...state } = doc;
  return respond(retryDocumentResultSchema, {
    document: documentView({ ...state, status: 'pending', failureReason: null, updatedAt: now.toISOString() }, now),
  });
});

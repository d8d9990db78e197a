import { documentListSchema, DOCUMENT_MESSAGES } from '#shared/knowledge/documents.ts';
import { EMBEDDING, documentView } from '#shared/knowledge/embedding.ts';
import { listDocuments } from './data/knowledge.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { requireKnowledgeCaller } from './access.ts';

/**
 * GET /api/knowledge/documents (admin): the newest added documents with where each is on its
 * way into the knowledge base (pending, embedding with passages embedded of total, ready, or
 * failed with the reason); the admin screen polls it while one is on its way.
 */
export const handler = httpHandler(async (event) => {
  await requireKnowledgeCaller(event, ['admin'], DOCUMENT_MESSAGES.adminRequired);
  const now = new Date();
  const documents = await listDocuments(EMBEDDING.listLimit);
  return respond(documentListSchema, { documents: documents.map((doc) => documentView(doc, now)) });
});

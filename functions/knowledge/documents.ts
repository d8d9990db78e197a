import { randomUUID } from 'node:crypto';
import type { CleanDocument, DocumentState } from '#shared/knowledge/documents.ts';
import { putPendingDocuments } from './data/knowledge.ts';
import { publishAll } from '../lib/publish-all.ts';

/**
 * Adds checked documents to the knowledge base in two halves: the request stores them `pending`
 * and asks for their embedding (one DocumentEmbeddingRequested each), and the embed-document
 * consumer embeds each in the background (embed-passages.ts). The request no longer waits for
 * hundreds of embedding calls, and loads nothing of the AI layer; the admin watches the progress.
 */
export async function queueDocuments(documents: readonly CleanDocument[], createdBy: string, now: Date): Promise<DocumentState[]> {
  const stored = await putPendingDocuments(
    documents.map((doc) => ({ id: randomUUID(), title: doc.title, content: doc.content, subject: doc.subject, category: doc.category, createdBy })),
    now,
  );
  await publishAll('DocumentEmbeddingRequested', stored.map((doc) => ({ documentId: doc.id, attempt: 1, requestedBy: createdBy })));
  return stored;
}

import { aiConfig, embedderId } from '../ai/index.ts';
import { configuredIndexStore } from '../ai/index-store/configured-index-store.ts';
import { updateScopeIndex } from '../ai/rebuild-index.ts';
import { queueConsumer } from '../lib/queue-consumer.ts';
import { getDocument, scopeOf } from './data/knowledge.ts';
import { embedDocument } from './embed-passages.ts';

/**
 * The embed-document consumer (its queue: one document a message, two at a time): embeds one
 * added document and records its progress; a run that throws (the table unreachable) is retried
 * by SQS and resumes from the passages already embedded. Once the document is ready its passages
 * are added to its scope's knowledge index (docs/ai.md, "Search"): an update that throws has SQS
 * deliver the message again, which finds the document ready and adds them then.
 */
export const handler = queueConsumer('DocumentEmbeddingRequested', async ({ detail }) => {
  const outcome = await embedDocument(detail);
  if (outcome === 'failed') return outcome;
  const doc = await getDocument(detail.documentId);
  const store = configuredIndexStore();
  if (doc?.status === 'ready' && store) await updateScopeIndex(scopeOf(doc.subject), [doc.id], { store, model: embedderId(), keyword: aiConfig().provider === 'embedded' });
  return outcome;
});

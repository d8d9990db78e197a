import { aiConfig, embedderId } from '../ai/index.ts';
import { ensureScopeIndexes } from '../ai/rebuild-index.ts';
import { queueConsumer } from '../lib/queue-consumer.ts';
import { getDocument, scopeOf } from './data/knowledge.ts';
import { embedDocument } from './embed-passages.ts';

/**
 * The embed-document consumer (its queue: one document a message, two at a time): embeds one
 * added document and records its progress; a run that throws (the table unreachable) is retried
 * by SQS and resumes from the passages already embedded. Once the document is ready its scope's
 * knowledge index is rebuilt (docs/ai.md, "Search"): a build that throws has SQS deliver the
 * message again, which finds the document ready and builds again.
 */
export const handler = queueConsumer('DocumentEmbeddingRequested', async ({ detail }) => {
  const outcome = await embedDocument(detail);
  if (outcome === 'failed') return outcome;
  const doc = await getDocument(detail.documentId);
  if (doc?.status === 'ready') await ensureScopeIndexes([scopeOf(doc.subject)], embedderId(), aiConfig().provider === 'embedded');
  return outcome;
});

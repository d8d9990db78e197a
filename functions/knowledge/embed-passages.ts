import { consumerTimeoutSeconds } from '#events/consumers.ts';
import { chunkText } from '#shared/knowledge/chunking.ts';
import { EMBEDDING, EMBEDDING_MESSAGES, failureReason, remainingSteps } from '#shared/knowledge/embedding.ts';
import { embedder as configuredEmbedder, type Embedder } from '../ai/index.ts';
import { sentences } from '../ai/nlp.ts';
import {
  bumpVersion,
  chunkKey,
  deleteEmbeddedParts,
  getDocument,
  markFailed,
  markReady,
  putChunks,
  putEmbeddedParts,
  readEmbeddedParts,
  recordProgress,
  scopeOf,
  startEmbedding,
  type StoredChunk,
} from './data/knowledge.ts';
import { getProfile } from '../profile/data/profiles.ts';

export type EmbedOutcome = 'ready' | 'failed' | 'skipped';

/**
 * Embeds one document's passages, 16 a step, each step's vectors stored beside the document
 * with the progress, so a run that dies (a timeout, a crash) resumes where it stopped. Only when
 * every passage has its vector do the passages enter the knowledge base, and the document is
 * marked ready before the scope's version moves: search never sees half a document (it also
 * leaves out the passages of a document not marked ready, see ai/knowledge-base.ts).
 *
 * Idempotent: a delivery for an older attempt, or of a document already ready or failed, changes
 * nothing (a ready one bumps the scope again, in case the run died between the two). The admin
 * who asked must still be an admin when it runs: ending their access ends the work.
 */
export interface EmbedDependencies {
  readonly embedder: () => Promise<Embedder>;
  readonly now: () => Date;
}

export async function embedDocument(
  request: { documentId: string; attempt: number },
  { embedder, now }: EmbedDependencies = { embedder: configuredEmbedder, now: () => new Date() },
): Promise<EmbedOutcome> {
  const doc = await getDocument(request.documentId);
  if (!doc || doc.attempt !== request.attempt) return 'skipped';
  if (doc.status === 'ready') {
    await bumpVersion(scopeOf(doc.subject));
    return 'skipped';
  }
  if (doc.status === 'failed') return 'skipped';

  const asker = await getProfile(doc.requestedBy);
  if (asker?.role !== 'admin') {
    await markFailed(doc.id, doc.attempt, EMBEDDING_MESSAGES.accessEnded, now());
    return 'failed';
  }

  let model: string;
  let texts: string[];
  let vectors: Map<number, Float32Array>;
  try {
    const embed = await embedder();
    model = embed.id;
    texts = chunkText(doc.content, undefined, sentences);
    vectors = await readEmbeddedParts(doc.id, model);
    // Held by another delivery of the same request: that one finishes it (or, if it dies, its own message comes back).
    if (!(await startEmbedding(doc.id, doc.attempt, texts.length, vectors.size, now(), consumerTimeoutSeconds('embed-document') * 1000))) return 'skipped';
    for (const step of remainingSteps(texts.length, new Set(vectors.keys()), EMBEDDING.passagesPerStep)) {
      const embedded = await embed.embed(step.map((i) => texts[i]!));
      const fresh = new Map(step.map((index, j) => [index, embedded[j]!]));
      await putEmbeddedParts(doc.id, model, fresh, now());
      for (const [index, vector] of fresh) vectors.set(index, vector);
      if (!(await recordProgress(doc.id, doc.attempt, vectors.size, now()))) return 'skipped';
    }
  } catch (error) {
    // The embedding service refused (after the SDK's own retries): the admin sees why and retries.
    await markFailed(doc.id, doc.attempt, failureReason(error), now());
    return 'failed';
  }

  const chunks: StoredChunk[] = texts.map((text, index) => ({
    chunkKey: chunkKey('document', doc.id, index),
    subject: doc.subject,
    level: null,
    category: doc.category,
    text,
    sourceKind: 'document',
    sourceId: doc.id,
    title: doc.title,
    model,
    vector: vectors.get(index)!,
  }));
  await putChunks(chunks);
  if (!(await markReady(doc.id, doc.attempt, texts.length, model, now()))) return 'skipped';
  await bumpVersion(scopeOf(doc.subject));
  await deleteEmbeddedParts(doc.id, texts.length);
  return 'ready';
}

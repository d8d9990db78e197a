import { randomUUID } from 'node:crypto';
import type { AddedDocument, CleanDocument } from '#shared/knowledge/documents.ts';
import { chunkText } from '#shared/knowledge/chunking.ts';
import { embedder } from '../ai/index.ts';
import { sentences } from '../ai/nlp.ts';
import { bumpVersion, chunkKey, putChunks, putDocument, scopeOf, type StoredChunk } from '../data/knowledge.ts';

/**
 * Adds checked documents to the knowledge base: each is chunked at 512 characters on sentence
 * boundaries, the chunks are embedded together and written, then the document itself; the
 * subject's version is bumped so every container re-reads it on its next search.
 */
export async function addDocuments(documents: readonly CleanDocument[], createdBy: string, now: Date): Promise<AddedDocument[]> {
  const embed = await embedder();
  const processedAt = now.toISOString();
  const prepared = documents.map((doc) => {
    const id = randomUUID();
    const texts = chunkText(doc.content, undefined, sentences);
    return { doc, id, texts };
  });
  const vectors = await embed.embed(prepared.flatMap((p) => p.texts));
  let next = 0;
  const chunks: StoredChunk[] = prepared.flatMap(({ doc, id, texts }) =>
    texts.map((text, index) => ({
      chunkKey: chunkKey('document', id, index),
      subject: doc.subject,
      level: null,
      category: doc.category,
      text,
      sourceKind: 'document' as const,
      sourceId: id,
      title: doc.title,
      model: embed.id,
      vector: vectors[next++]!,
    })),
  );
  await putChunks(chunks);
  for (const { doc, id, texts } of prepared) {
    await putDocument({ id, title: doc.title, content: doc.content, subject: doc.subject, category: doc.category, chunks: texts.length, model: embed.id, createdBy, processedAt });
  }
  for (const scope of new Set(prepared.map((p) => scopeOf(p.doc.subject)))) await bumpVersion(scope);
  return prepared.map(({ doc, id, texts }) => ({ id, title: doc.title, subject: doc.subject, category: doc.category, chunks: texts.length, processedAt }));
}

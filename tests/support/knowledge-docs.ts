import { randomUUID } from 'node:crypto';
import type { Subject } from '../../shared/constants.ts';
import { chunkText } from '../../shared/knowledge/chunking.ts';

/**
 * Puts a document into the knowledge base as an admin's upload does: chunks of 512
 * characters, embedded with the configured embedder, the scope's version bumped and its
 * knowledge index rebuilt (as the embed-document consumer does for a subject of this size;
 * a large one it updates), so every container's search sees it. Call after useLocalStack().
 */
export async function seedKnowledgeDocument(input: { title: string; subject: Subject; category: string; content: string }): Promise<string> {
  const { aiConfig, embedder, chunkSearch } = await import('../../functions/ai/index.ts');
  const { ensureScopeIndexes } = await import('../../functions/ai/rebuild-index.ts');
  const { sentences } = await import('../../functions/ai/nlp.ts');
  const { putChunks, putDocument, bumpVersion } = await import('../../functions/knowledge/data/knowledge.ts');
  const id = `doc-${randomUUID().slice(0, 12)}`;
  const embed = await embedder();
  const texts = chunkText(input.content, undefined, sentences);
  const vectors = await embed.embed(texts);
  await putChunks(
    texts.map((text, i) => ({
      chunkKey: `document#${id}#${String(i).padStart(3, '0')}`,
      subject: input.subject,
      category: input.category,
      text,
      sourceKind: 'document' as const,
      sourceId: id,
      title: input.title,
      model: embed.id,
      vector: vectors[i]!,
    })),
  );
  await putDocument({ id, title: input.title, content: input.content, subject: input.subject, category: input.category, chunks: texts.length, model: embed.id, createdBy: 'test', processedAt: new Date().toISOString() });
  await bumpVersion(input.subject);
  await ensureScopeIndexes([input.subject], embed.id, aiConfig().provider === 'embedded');
  chunkSearch().forget();
  return id;
}

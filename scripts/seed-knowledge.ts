import { seedKnowledgeBase } from '../functions/knowledge/seed.ts';

/**
 * Seeds the knowledge base (country fact sheets, the bank's explanations, the study guides) into
 * the table named by TABLE_NAME, wherever the standard AWS variables point. In AWS set the
 * provider as the functions have it, so the vectors are Bedrock's:
 *
 *   TABLE_NAME=<table> KNOWLEDGE_INDEX_BUCKET=<bucket> AWS_REGION=<region> AI_PROVIDER=bedrock \
 *   BEDROCK_EMBEDDING_MODEL_ID=amazon.titan-embed-text-v2:0 npx tsx scripts/seed-knowledge.ts
 *
 * With KNOWLEDGE_INDEX_BUCKET (the data stack's output KnowledgeIndexBucketName) it also builds
 * each subject's knowledge index that is not of its current version (docs/ai.md, "Search").
 *
 * Stamped and incremental (functions/knowledge/seed.ts); `--force` re-checks every chunk.
 */
for (const name of ['USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'EVENT_BUS_NAME', 'MAIL_FROM']) process.env[name] ??= 'unused-by-seeding';

const result = await seedKnowledgeBase({ force: process.argv.includes('--force') });
console.log(
  result.skipped
    ? `Knowledge base unchanged (${result.ms} ms)${result.indexed.length ? `; indexes rebuilt: ${result.indexed.join(', ')}` : ''}`
    : `Knowledge base: ${result.total} chunks, ${result.embedded} embedded, ${result.deleted} deleted, indexes built: ${result.indexed.join(', ') || 'none'} (${result.ms} ms)`,
);

import * as z from 'zod/mini';
import type { IndexStore } from './index-store.ts';
import { s3IndexStore } from './s3-index-store.ts';

const bucketSchema = z.optional(z.string().check(z.minLength(3)));
let store: { bucket: string; store: IndexStore } | undefined;

/**
 * The knowledge index's bucket (KNOWLEDGE_INDEX_BUCKET: set by the CDK app on the functions that
 * search or build it, and by the local stack), or undefined without one: search then reads the
 * table and searches exactly, as unit tests and scripts without a stack do.
 */
export function configuredIndexStore(): IndexStore | undefined {
  const bucket = bucketSchema.parse(process.env.KNOWLEDGE_INDEX_BUCKET || undefined);
  if (!bucket) return undefined;
  if (store?.bucket !== bucket) store = { bucket, store: s3IndexStore(bucket) };
  return store.store;
}

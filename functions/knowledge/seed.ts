import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { STUDY_GUIDES } from '#shared/guides/catalogue.ts';
import { aiConfig, chunkSearch, embedder, embedderId } from '../ai/index.ts';
import { ensureScopeIndexes } from '../ai/rebuild-index.ts';
import {
  KB_SCOPES,
  bumpVersion,
  deleteChunks,
  putChunks,
  readScope,
  readSeedState,
  scopeOf,
  writeSeedState,
  type KbScope,
  type StoredChunk,
} from './data/knowledge.ts';
import { loadBank } from '../questions/load-bank.ts';
import { seedMaterial } from './material.ts';

/**
 * Seeds the knowledge base (npm start, the handler and e2e test stacks, a deploy's seeding
 * step), idempotently and incrementally:
 * - a stamp of the inputs (bank, guides, country data, material format, embedder id) is kept in
 *   the table; a start with the same stamp does nothing else (no vectors loaded, ~0 ms);
 * - otherwise only chunks whose text or embedder changed are embedded and written, chunks of
 *   seeded sources that are gone are deleted, and admins' documents embedded by another
 *   embedder are re-embedded; each changed scope's version is bumped so containers reload it;
 * - then each scope whose knowledge index is not of its current version has it rebuilt (also on a
 *   start that seeds nothing: a bucket that lost its objects gets them back).
 */
const MATERIAL_FORMAT = 2;
const EMBED_BATCH = 64;

export interface SeedResult {
  readonly skipped: boolean;
  readonly total: number;
  readonly embedded: number;
  readonly deleted: number;
  /** The scopes whose knowledge index was (re)built. */
  readonly indexed: readonly KbScope[];
  readonly ms: number;
}

export function seedStamp(): string {
  const countriesVersion = (createRequire(import.meta.url)('world-countries/package.json') as { version: string }).version;
  return createHash('sha256')
    .update(JSON.stringify({ format: MATERIAL_FORMAT, embedder: embedderId(), countriesVersion, bank: loadBank(), guides: STUDY_GUIDES }))
    .digest('hex')
    .slice(0, 24);
}

export async function seedKnowledgeBase(options: { force?: boolean } = {}): Promise<SeedResult> {
  const started = Date.now();
  const stamp = seedStamp();
  if (!options.force && (await readSeedState()) === stamp) {
    const indexed = await ensureScopeIndexes(KB_SCOPES, embedderId(), aiConfig().provider === 'embedded');
    return { skipped: true, total: 0, embedded: 0, deleted: 0, indexed, ms: Date.now() - started };
  }

  const material = seedMaterial();
  const model = (await embedder()).id;
  const existing = new Map<string, StoredChunk>();
  for (const scope of KB_SCOPES) for (const chunk of await readScope(scope)) existing.set(chunk.chunkKey, chunk);

  const wanted = new Set(material.map((c) => c.chunkKey));
  const stale = [...existing.values()].filter((c) => c.sourceKind !== 'document' && !wanted.has(c.chunkKey));
  const changed = material.filter((c) => {
    const old = existing.get(c.chunkKey);
    return !old || old.text !== c.text || old.model !== model || old.title !== c.title || old.category !== c.category || old.subject !== c.subject || (old.level ?? null) !== (c.level ?? null);
  });
  const documents = [...existing.values()].filter((c) => c.sourceKind === 'document' && c.model !== model);
  const toEmbed = [...changed, ...documents];

  const touched = new Set<KbScope>();
  const embed = await embedder();
  const written: StoredChunk[] = [];
  for (let i = 0; i < toEmbed.length; i += EMBED_BATCH) {
    const batch = toEmbed.slice(i, i + EMBED_BATCH);
    const vectors = await embed.embed(batch.map((c) => c.text));
    batch.forEach((c, j) => written.push({ ...c, model, vector: vectors[j]! }));
  }
  await putChunks(written);
  for (const c of written) touched.add(scopeOf(c.subject));
  await deleteChunks(stale);
  for (const c of stale) touched.add(scopeOf(c.subject));
  for (const scope of touched) await bumpVersion(scope);
  // Every scope's index of its new version before the stamp: a start that dies here seeds (and builds) again.
  const indexed = await ensureScopeIndexes(KB_SCOPES, model, aiConfig().provider === 'embedded');
  await writeSeedState(stamp);
  if (touched.size) chunkSearch().forget();
  return { skipped: false, total: material.length, embedded: toEmbed.length, deleted: stale.length, indexed, ms: Date.now() - started };
}

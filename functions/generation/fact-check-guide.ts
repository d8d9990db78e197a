import { type Claim, factCheckResponseSchema, type FactCheckResult, GENERATION_MESSAGES as M, verdictFor } from '#shared/generation/generation.ts';
import { STUDY_GUIDES } from '#shared/guides/catalogue.ts';
import { guideIdSchema } from '#shared/guides/study-guides.ts';
import { chunkSearch } from '../ai/index.ts';
import { sentences } from '../ai/nlp.ts';
import { getGeneratedGuide, saveFactCheck } from './data/generation.ts';
import { AppError, NotFound } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { audit, requireAdmin } from './admin.ts';

/** Statements checked per guide (a comprehensive guide has about 100). */
const MAX_CLAIMS = 150;
const CONCURRENCY = 4;
const EXCERPT_MAX = 280;

/**
 * POST /api/generation/guides/{guideId}/fact-check (admin, the fact-check-guide call in docs/ai.md):
 * each sentence of the guide is searched in the knowledge base (documents, country fact
 * sheets, question explanations, the other guides: never the checked guide's own chunks,
 * which would confirm themselves) and marked supported when a passage holds its names, numbers and most of its
 * words (shared/generation/generation.ts `supports`), with that passage as its source.
 */
export const handler = httpHandler(async (event) => {
  const me = await requireAdmin(event);
  const parsedId = guideIdSchema.safeParse(event.pathParameters?.guideId);
  if (!parsedId.success) throw new NotFound(M.guideNotFound);
  const catalogue = STUDY_GUIDES.find((g) => g.id === parsedId.data);
  const generated = catalogue ? undefined : await getGeneratedGuide(parsedId.data);
  const guide = catalogue ?? generated;
  if (!guide) throw new NotFound(M.guideNotFound);
  try {
    const statements = guide.content.flatMap((paragraph) => sentences(paragraph)).filter((s) => s.split(/\s+/).length >= 4).slice(0, MAX_CLAIMS);
    const kb = chunkSearch();
    const claims: Claim[] = new Array(statements.length);
    let next = 0;
    const worker = async () => {
      while (next < statements.length) {
        const i = next++;
        const sentence = statements[i]!;
        const found = await kb.searchChunks({ query: sentence, subject: guide.subject, threshold: 0.3, maxResults: 8 });
        const passages = found.filter((p) => !(p.source.kind === 'guide' && p.source.id === guide.id));
        const { supported, passage } = verdictFor(sentence, passages);
        claims[i] = {
          sentence,
          supported,
          source: passage ? { kind: passage.source.kind, id: passage.source.id, title: passage.source.title, excerpt: passage.text.slice(0, EXCERPT_MAX) } : null,
        };
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const supportedCount = claims.filter((c) => c.supported).length;
    const result: FactCheckResult = { guideId: guide.id, checked_at: new Date().toISOString(), claims, supported: supportedCount, total: claims.length };
    await saveFactCheck(result, generated !== undefined);
    await audit(me, 'guides.fact-check', guide.id, { supported: supportedCount, total: claims.length });
    return respond(factCheckResponseSchema, { success: true, message: `${supportedCount} of ${claims.length} statements are supported by the knowledge base`, result });
  } catch (error) {
    log.error('generation: fact check failed', { guideId: guide.id, error: String(error) });
    throw new AppError(500, 'fact_check_failed', M.factCheckFailed);
  }
});

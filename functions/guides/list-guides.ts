import { guideListFor, guideListSchema, guideQuerySchema } from '#shared/guides/study-guides.ts';
import { BadRequest } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { CATALOGUE, generatedGuides, guideLimit, requireGuideReader } from './guide-access.ts';

/**
 * GET /api/guides?q=&subject=&level=: every matching guide, newest first (the catalogue, then the
 * admin's AI-generated guides, one query). Guides beyond the
 * caller's limit come as title and summary only (locked), with how many there are.
 */
export const handler = httpHandler(async (event) => {
  const parsed = guideQuerySchema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new BadRequest(message, { [String(parsed.error.issues[0]!.path[0] ?? 'form')]: message });
  }
  const me = await requireGuideReader(event);
  return respond(guideListSchema, guideListFor(CATALOGUE, parsed.data, guideLimit(me, new Date()), await generatedGuides()));
});

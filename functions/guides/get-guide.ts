import { guideDetailSchema } from '#shared/guides/study-guides.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { readableGuide, requireGuideReader } from './guide-access.ts';

/** GET /api/guides/{guideId}: the guide's text, key points and check questions, within the caller's limit. */
export const handler = httpHandler(async (event) => {
  const me = await requireGuideReader(event);
  const now = new Date();
  return respond(guideDetailSchema, { guide: await readableGuide(event, me, now) });
});

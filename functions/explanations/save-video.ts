import { saveRequestSchema, VIDEO_MESSAGES, videoResponseSchema } from '#shared/explanations/explanations.ts';
import { setSaved } from './data/videos.ts';
import { NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { requireVideoCaller, videoIdParam } from './access.ts';
import { videoItem } from './video-items.ts';

/** PUT /api/videos/{videoId}/save {saved}: Save (the spec's bookmarked set, kept on the server). */
export const handler = httpHandler(async (event) => {
  const { saved } = parseBody(event, saveRequestSchema);
  const me = await requireVideoCaller(event);
  const videoId = videoIdParam(event);
  if (!(await setSaved(me.user_id, videoId, saved))) throw new NotFound(VIDEO_MESSAGES.notFound);
  return respond(videoResponseSchema, { item: await videoItem(me.user_id, videoId) });
});

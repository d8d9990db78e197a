import { likeRequestSchema, VIDEO_MESSAGES, videoResponseSchema } from '#shared/explanations/explanations.ts';
import { setLiked } from './data/videos.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { requireVideoCaller, videoIdParam } from './access.ts';
import { videoItem } from './video-items.ts';

/** PUT /api/videos/{videoId}/like {liked}: the likes count moves only when the caller's mark changes. */
export const handler = httpHandler(async (event) => {
  const { liked } = parseBody(event, likeRequestSchema);
  const me = await requireVideoCaller(event);
  const videoId = videoIdParam(event);
  const outcome = await setLiked(me.user_id, videoId, liked);
  if (outcome === 'missing') throw new NotFound(VIDEO_MESSAGES.notFound);
  if (outcome === 'busy') throw new Conflict(VIDEO_MESSAGES.busy, 'busy');
  return respond(videoResponseSchema, { item: await videoItem(me.user_id, videoId) });
});

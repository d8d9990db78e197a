import { likeRequestSchema, VIDEO_MESSAGES } from '#shared/explanations/explanations.ts';
import { setLiked } from '../data/videos.ts';
import { NotFound } from '../lib/errors.ts';
import { httpHandler, json, parseBody } from '../lib/http.ts';
import { requireVideoCaller, videoIdParam } from './access.ts';
import { videoItem } from './video-items.ts';

/** PUT /api/videos/{videoId}/like {liked}: the likes count moves only when the caller's mark changes. */
export const handler = httpHandler(async (event) => {
  const { liked } = parseBody(event, likeRequestSchema);
  const me = await requireVideoCaller(event);
  const videoId = videoIdParam(event);
  if (!(await setLiked(me.user_id, videoId, liked))) throw new NotFound(VIDEO_MESSAGES.notFound);
  return json(200, { item: await videoItem(me.user_id, videoId) });
});

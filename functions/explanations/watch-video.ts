import { VIDEO_MESSAGES, videoResponseSchema } from '#shared/explanations/explanations.ts';
import { markWatched } from './data/videos.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { requireVideoCaller, videoIdParam } from './access.ts';
import { videoItem } from './video-items.ts';

/** POST /api/videos/{videoId}/watch: marks it watched; the first watch of an account counts one view. */
export const handler = httpHandler(async (event) => {
  const me = await requireVideoCaller(event);
  const videoId = videoIdParam(event);
  const outcome = await markWatched(me.user_id, videoId, new Date());
  if (outcome === 'missing') throw new NotFound(VIDEO_MESSAGES.notFound);
  if (outcome === 'busy') throw new Conflict(VIDEO_MESSAGES.busy, 'busy');
  return respond(videoResponseSchema, { item: await videoItem(me.user_id, videoId) });
});

import { VIDEO_MESSAGES } from '#shared/explanations/explanations.ts';
import { markWatched } from '../data/videos.ts';
import { NotFound } from '../lib/errors.ts';
import { httpHandler, json } from '../lib/http.ts';
import { requireVideoCaller, videoIdParam } from './access.ts';
import { videoItem } from './video-items.ts';

/** POST /api/videos/{videoId}/watch: marks it watched; the first watch of an account counts one view. */
export const handler = httpHandler(async (event) => {
  const me = await requireVideoCaller(event);
  const videoId = videoIdParam(event);
  if (!(await markWatched(me.user_id, videoId, new Date()))) throw new NotFound(VIDEO_MESSAGES.notFound);
  return json(200, { item: await videoItem(me.user_id, videoId) });
});

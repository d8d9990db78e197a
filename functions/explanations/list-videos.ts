import { videoListSchema } from '#shared/explanations/explanations.ts';
import { listVideos } from './data/videos.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { requireVideoCaller } from './access.ts';
import { withCounts } from './video-items.ts';

/** GET /api/videos: the caller's video library with real views, likes and ratings (the page sorts and filters). */
export const handler = httpHandler(async (event) => {
  const me = await requireVideoCaller(event);
  return respond(videoListSchema, { items: await withCounts(await listVideos(me.user_id)) });
});

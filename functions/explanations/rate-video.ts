import { rateRequestSchema, VIDEO_MESSAGES, videoResponseSchema } from '#shared/explanations/explanations.ts';
import { setRating } from './data/videos.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { requireVideoCaller, videoIdParam } from './access.ts';
import { videoItem } from './video-items.ts';

/** PUT /api/videos/{videoId}/rating {rating 1-5}: one rating per account (a new one replaces it); the average is of every account's. */
export const handler = httpHandler(async (event) => {
  const { rating } = parseBody(event, rateRequestSchema);
  const me = await requireVideoCaller(event);
  const videoId = videoIdParam(event);
  const outcome = await setRating(me.user_id, videoId, rating);
  if (outcome === 'missing') throw new NotFound(VIDEO_MESSAGES.notFound);
  if (outcome === 'busy') throw new Conflict(VIDEO_MESSAGES.busy, 'busy');
  return respond(videoResponseSchema, { item: await videoItem(me.user_id, videoId) });
});

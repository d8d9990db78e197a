import { feedResponseSchema } from '#shared/social/feed.ts';
import { newestFeed } from './data/feed.ts';
import { friendshipsOf } from '../social/data/friends.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';

/**
 * GET /api/feed: the newest 50 activities of the caller and their friends (friends-only
 * visibility, docs/social.md). Two bounded reads: the friend list, and the caller's
 * own feed partition, into which activities were copied when they happened.
 */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['student', 'admin']);
  const friends = await friendshipsOf(me.user_id);
  const visible = new Set([me.user_id, ...friends.map((f) => f.friendId)]);
  return respond(feedResponseSchema, { items: await newestFeed(me.user_id, visible) });
});

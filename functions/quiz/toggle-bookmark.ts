import { limitFor } from '#shared/entitlements.ts';
import { bookmarkRequestSchema } from '#shared/quiz/contracts.ts';
import { toggleBookmark } from '../data/bookmarks.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden } from '../lib/errors.ts';
import { httpHandler, json, parseBody } from '../lib/http.ts';

/** POST /api/bookmarks/toggle: bookmarks a question or removes the bookmark; free users keep up to 20. */
export const handler = httpHandler(async (event) => {
  const { questionId } = parseBody(event, bookmarkRequestSchema);
  const profile = await requireCaller(event);
  const limit = limitFor(profile, 'bookmarks', new Date());

  const outcome = await toggleBookmark(profile.user_id, questionId, limit);
  if (outcome === 'limit') throw new Forbidden(`Free accounts can keep ${limit} bookmarks. Go Premium for unlimited bookmarks.`, 'limit_reached');
  return json(200, { bookmarked: outcome === 'added' });
});

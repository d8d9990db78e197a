import { bookmarkRequestSchema, bookmarkResponseSchema } from '#shared/quiz/contracts.ts';
import { limitFor } from '#shared/entitlements.ts';
import { toggleBookmark } from './data/bookmarks.ts';
import { locateQuestion } from '../questions/data/question-bank.ts';
import { ensureCards } from '../review/data/reviews.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden, NotFound, Unavailable } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';

/** POST /api/bookmarks/toggle: bookmarks a bank question or removes the bookmark; free users keep up to 20. */
export const handler = httpHandler(async (event) => {
  const { questionId } = parseBody(event, bookmarkRequestSchema);
  const profile = await requireCaller(event);
  const now = new Date();
  const found = await locateQuestion(questionId);
  if (!found) throw new NotFound('Question not found');
  const limit = limitFor(profile, 'bookmarks', now);

  const outcome = await toggleBookmark(profile.user_id, { id: questionId, subject: found.subject, level: found.level }, limit, now);
  if (outcome === 'limit') throw new Forbidden(`Free accounts can keep ${limit} bookmarks. Go Premium for unlimited bookmarks.`, 'limit_reached');
  if (outcome === 'busy') throw new Unavailable('The bookmark could not be saved. Please try again.');
  // A bookmarked question is also a spaced-repetition card (an existing card keeps its schedule).
  if (outcome === 'added') await ensureCards(profile.user_id, [{ id: questionId, subject: found.subject, level: found.level }], now);
  return respond(bookmarkResponseSchema, { bookmarked: outcome === 'added' });
});

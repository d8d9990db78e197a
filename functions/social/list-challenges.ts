import { challengesResponseSchema } from '#shared/social/social-api.ts';
import { challengesOf } from './data/challenges.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { challengeView } from './challenge-view.ts';

/** GET /api/challenges: the caller's challenges, sent and received, newest first. */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['student', 'admin']);
  const now = new Date();
  return respond(challengesResponseSchema, { challenges: (await challengesOf(me.user_id)).map((c) => challengeView(c, me.user_id, now)) });
});

import { challengesOf } from './data/challenges.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, json } from '../lib/http.ts';
import { challengeView } from './challenge-view.ts';

/** GET /api/challenges: the caller's challenges, sent and received, newest first. */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['student', 'admin']);
  const now = new Date();
  return json(200, { challenges: (await challengesOf(me.user_id)).map((c) => challengeView(c, me.user_id, now)) });
});

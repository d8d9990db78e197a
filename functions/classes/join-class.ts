import { CLASS_MESSAGES as M, joinClassSchema, joinedClassSchema } from '#shared/classes/classes.ts';
import { classIdOfCode, getClass, joinClass } from './data/classes.ts';
import { enforceAccountRateLimit } from '../lib/data/rate-limits.ts';
import { requireCaller } from '../lib/caller.ts';
import { BadRequest, Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';

/**
 * POST /api/classes/join: a student joins with the class code. Attempts are counted per
 * account (codes cannot be guessed by trying: about 10^12 of them, 20 tries per 10 minutes).
 */
export const handler = httpHandler(async (event) => {
  const { code } = parseBody(event, joinClassSchema);
  const me = await requireCaller(event, ['student']);
  await enforceAccountRateLimit('classJoin', me.user_id, Date.now());
  const classId = await classIdOfCode(code);
  const found = classId ? await getClass(classId) : undefined;
  if (!found) throw new NotFound(M.codeNotFound);
  const outcome = await joinClass(found, me, new Date().toISOString(), false);
  if (outcome === 'already') throw new Conflict(M.alreadyJoined, 'already_joined');
  if (outcome === 'full') throw new BadRequest(M.classFull);
  if (outcome !== 'joined') throw new NotFound(M.codeNotFound);
  return respond(joinedClassSchema, { class: { id: found.id, name: found.name, teacher_email: found.teacher_email } });
});

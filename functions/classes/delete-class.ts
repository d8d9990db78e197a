import { deleteClass } from './data/classes.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, noContent } from '../lib/http.ts';
import { ownClass } from './class-access.ts';

/** DELETE /api/classes/{classId}: the teacher deletes their class, its members' places, invitations and assignments (another teacher's class is 404). */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['teacher']);
  await deleteClass(await ownClass(event, me.user_id));
  return noContent();
});

import { classListResponseSchema } from '#shared/classes/classes.ts';
import { classesOfTeacher } from './data/classes.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';

/** GET /api/classes: the teacher's own classes (the dashboard's class selector). */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['teacher']);
  const classes = (await classesOfTeacher(me.user_id)).map(({ teacher_id: _t, teacher_email: _e, ...c }) => c);
  return respond(classListResponseSchema, { classes });
});

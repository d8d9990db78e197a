import { CLASS_LIMITS, CLASS_MESSAGES as M, classCreatedSchema, createClassSchema, makeClassCode } from '#shared/classes/classes.ts';
import { randomInt, randomUUID } from 'node:crypto';
import { countClassesOfTeacher, putClass } from './data/classes.ts';
import { requireCaller } from '../lib/caller.ts';
import { BadRequest } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';

/** POST /api/classes: a teacher creates and names a class; it gets a random join code (drawn again on the rare clash). */
export const handler = httpHandler(async (event) => {
  const { name } = parseBody(event, createClassSchema);
  const me = await requireCaller(event, ['teacher']);
  if ((await countClassesOfTeacher(me.user_id)) >= CLASS_LIMITS.maxClassesPerTeacher) throw new BadRequest(M.tooManyClasses);
  const record = { id: randomUUID(), name, code: '', member_count: 0, created_at: new Date().toISOString(), teacher_id: me.user_id, teacher_email: me.email };
  for (let attempt = 0; attempt < 5; attempt++) {
    record.code = makeClassCode((n) => randomInt(n));
    if (await putClass(record)) {
      const { teacher_id: _t, teacher_email: _e, ...created } = record;
      return respond(classCreatedSchema, { class: created }, 201);
    }
  }
  throw new Error('no free class code after 5 draws');
});

import { CLASS_MESSAGES as M, classIdSchema } from '#shared/classes/classes.ts';
import { getClass, type ClassRecord } from './data/classes.ts';
import { NotFound } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** The class id of the path; anything that cannot be one is not found. */
export function classIdParam(event: HttpEvent): string {
  const parsed = classIdSchema.safeParse(event.pathParameters?.classId);
  if (!parsed.success) throw new NotFound(M.classNotFound);
  return parsed.data;
}

/** The caller's own class: another teacher's class is not found (404, nothing of it shown). */
export async function ownClass(event: HttpEvent, teacherId: string): Promise<ClassRecord> {
  const found = await getClass(classIdParam(event));
  if (!found || found.teacher_id !== teacherId) throw new NotFound(M.classNotFound);
  return found;
}

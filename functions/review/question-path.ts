import { questionIdSchema } from '#shared/quiz/contracts.ts';
import { NotFound } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** The `{questionId}` of the path; one the bank could not have made is a question that does not exist. */
export function questionIdFrom(event: HttpEvent, message: string): string {
  const parsed = questionIdSchema.safeParse(event.pathParameters?.questionId);
  if (!parsed.success) throw new NotFound(message);
  return parsed.data;
}

import { roundIdSchema } from '#shared/quiz/contracts.ts';
import { NotFound } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** The `{roundId}` of the path; one the server could not have made is a round that does not exist. */
export function roundIdFrom(event: HttpEvent): string {
  const parsed = roundIdSchema.safeParse(event.pathParameters?.roundId);
  if (!parsed.success) throw new NotFound('Round not found');
  return parsed.data;
}

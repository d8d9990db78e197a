import type * as z from 'zod';
import { fieldErrors } from '#shared/validation/field-errors.ts';
import { BadRequest } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** The query string through a shared schema; an unknown period or subject is a 400 naming the field. */
export function parseQuery<S extends z.ZodType>(event: HttpEvent, schema: S): z.output<S> {
  const parsed = schema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new BadRequest(parsed.error.issues[0]!.message, fieldErrors(parsed.error) as Record<string, string>);
  return parsed.data;
}

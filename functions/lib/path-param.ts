import type { PathParamSchema } from '../route-definition.ts';
import type * as z from 'zod';
import { BadRequest } from './errors.ts';
import type { HttpEvent } from './http.ts';

/**
 * A path parameter parsed with its route's schema, before the caller or any item is read: an id
 * no record could have (too long, odd characters, another kind's shape) is a 400 naming the
 * parameter, so it never reaches DynamoDB.
 */
export function pathParam<S extends PathParamSchema>(event: HttpEvent, name: string, schema: S, message: string): z.output<S> {
  const parsed = schema.safeParse(event.pathParameters?.[name]);
  if (!parsed.success) throw new BadRequest(message, { [name]: message });
  return parsed.data;
}

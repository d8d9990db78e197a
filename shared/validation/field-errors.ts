import type * as z from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** Flattens a zod error into one message per top-level field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

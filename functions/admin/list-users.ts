import { profileListResponseSchema } from '#shared/api.ts';
import * as z from 'zod';
import { ROLES } from '#shared/constants.ts';
import { searchProfilesByRole } from './data/admin-accounts.ts';
import { listProfilesByRole } from '../profile/data/profiles.ts';
import { BadRequest } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { fieldErrors } from '#shared/validation/field-errors.ts';
import { requireAdmin } from './require-admin.ts';

const querySchema = z.object({
  role: z.enum(ROLES).default('student'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(2048).optional(),
  /** The start of an e-mail address (lower case): the first matching page, no cursor. */
  q: z.string().trim().toLowerCase().min(1).max(255).optional(),
});

/** GET /api/admin/users: admins page through accounts of one role, or search them by the start of the e-mail (`q`). */
export const handler = httpHandler(async (event) => {
  await requireAdmin(event);
  const parsed = querySchema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new BadRequest('Invalid query', fieldErrors(parsed.error) as Record<string, string>);

  const { role, limit, cursor, q } = parsed.data;
  if (q) return respond(profileListResponseSchema, { profiles: await searchProfilesByRole(role, q, limit), nextCursor: null });
  const page = await listProfilesByRole(role, limit, cursor);
  return respond(profileListResponseSchema, { profiles: page.items, nextCursor: page.nextCursor });
});

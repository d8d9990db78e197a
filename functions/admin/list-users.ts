import * as z from 'zod';
import { ROLES } from '#shared/constants.ts';
import { listProfilesByRole } from '../data/profiles.ts';
import { BadRequest } from '../lib/errors.ts';
import { httpHandler, json } from '../lib/http.ts';
import { fieldErrors } from '#shared/validation/auth.ts';
import { requireAdmin } from './require-admin.ts';

const querySchema = z.object({
  role: z.enum(ROLES).default('student'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(2048).optional(),
});

/** GET /api/admin/users: admins page through accounts of one role. */
export const handler = httpHandler(async (event) => {
  await requireAdmin(event);
  const parsed = querySchema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new BadRequest('Invalid query', fieldErrors(parsed.error) as Record<string, string>);

  const page = await listProfilesByRole(parsed.data.role, parsed.data.limit, parsed.data.cursor);
  return json(200, { profiles: page.items, nextCursor: page.nextCursor });
});

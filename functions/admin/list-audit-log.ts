import { auditLogResponseSchema } from '#shared/admin/audit.ts';
import * as z from 'zod';
import { listAdminActions } from './data/audit-log.ts';
import { BadRequest } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { requireAdmin } from './require-admin.ts';

const querySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(512).optional(),
});

/** GET /api/admin/audit-log: who did what and when, newest first, a page at a time (admins). */
export const handler = httpHandler(async (event) => {
  await requireAdmin(event);
  const parsed = querySchema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new BadRequest('Invalid query', { query: 'Invalid query' });
  return respond(auditLogResponseSchema, await listAdminActions(parsed.data.limit, parsed.data.cursor));
});

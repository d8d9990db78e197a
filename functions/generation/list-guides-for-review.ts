import { GENERATED_STATUSES, guideReviewQueueSchema } from '#shared/generation/generation.ts';
import * as z from 'zod';
import { listGuidesByStatus } from './data/generation.ts';
import { BadRequest } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { requireAdmin } from './admin.ts';

const querySchema = z.object({ status: z.enum(GENERATED_STATUSES).default('pending') });

/** GET /api/generation/guides?status=pending (admin): one status of the generated guides' review queue, newest first (at most 100). */
export const handler = httpHandler(async (event) => {
  await requireAdmin(event);
  const parsed = querySchema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new BadRequest('Choose pending, approved or rejected', { status: 'Choose pending, approved or rejected' });
  return respond(guideReviewQueueSchema, { guides: await listGuidesByStatus(parsed.data.status) });
});

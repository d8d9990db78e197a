import { ADMIN_MESSAGES as M, seenTrackingResetResponseSchema } from '#shared/admin/users.ts';
import { recordAdminAction } from './data/audit-log.ts';
import { resetAllSeenTracking } from '../quiz/data/seen-tracking.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { requireAdmin } from './require-admin.ts';

/**
 * POST /api/admin/seen-tracking/reset (docs/admin.md): every user's seen questions are
 * forgotten at once: one write of a new generation, whatever the number of users
 * (quiz/data/seen-tracking.ts), not a request per user.
 */
export const handler = httpHandler(async (event) => {
  const admin = await requireAdmin(event);
  const generation = await resetAllSeenTracking(new Date());
  await recordAdminAction({ actorId: admin.user_id, actorEmail: admin.email, action: 'seen-tracking.reset', detail: { generation } });
  return respond(seenTrackingResetResponseSchema, { message: M.resetSuccess, generation });
});

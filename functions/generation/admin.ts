import type { Profile } from '#shared/api.ts';
import { GENERATED_ID_PATTERN, GENERATION_MESSAGES as M } from '#shared/generation/generation.ts';
import { recordAdminAction } from '../admin/data/audit-log.ts';
import { requireAdminSecondStep, requireCaller } from '../lib/caller.ts';
import { BadRequest, Forbidden } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';
import { log } from '../lib/log.ts';

/** Every generation route is admin only (docs/ai.md), decided from the stored profile before anything is read. */
export async function requireAdmin(event: HttpEvent): Promise<Profile> {
  const me = await requireCaller(event);
  if (me.role !== 'admin') throw new Forbidden(M.adminRequired, 'admin_required');
  requireAdminSecondStep(me);
  return me;
}

/** The id in the path, or 404-worthy nothing: ids are ours (`g…`, guide slugs), checked before any read. */
export function pathId(event: HttpEvent, name: string, pattern: RegExp): string | undefined {
  const value = event.pathParameters?.[name];
  return value && pattern.test(value) ? value : undefined;
}

export const GENERATED_ID = GENERATED_ID_PATTERN;

/** A 400 with the checks that failed, as one message and per field. */
export function refused(problems: readonly string[]): BadRequest {
  return new BadRequest(problems.join('. '), { form: problems.join('. ') });
}

/** Records the admin's change; the change is done, so a failure to log it is reported, not thrown. */
export async function audit(me: Profile, action: string, target: string, detail?: Record<string, string | number | boolean | null>): Promise<void> {
  await recordAdminAction({ actorId: me.user_id, actorEmail: me.email, action, target, detail }).catch((error: unknown) =>
    log.error('audit: recording an admin action failed', { action, target, error: String(error) }),
  );
}

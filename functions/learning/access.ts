import type { Profile } from '#shared/api.ts';
import { canUse, type PremiumFeature } from '#shared/entitlements.ts';
import { GOAL_MESSAGES as M, goalIdSchema } from '#shared/learning/learning.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden, NotFound } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** The learning tools are student pages (admins may use them too, like the other student tools). */
export const requireLearner = (event: HttpEvent): Promise<Profile> => requireCaller(event, ['student', 'admin']);

/** A learner with the premium feature; free accounts are refused with no data (docs/learning.md). */
export async function requirePremiumLearner(event: HttpEvent, feature: PremiumFeature, message: string): Promise<Profile> {
  const me = await requireLearner(event);
  if (!canUse(me, feature, new Date())) throw new Forbidden(message, 'premium_required');
  return me;
}

export const requireGoalsCaller = (event: HttpEvent) => requirePremiumLearner(event, 'custom_study_plans', M.premiumRequired);

/** The goal id from the path; anything that cannot be one is simply not found. */
export function goalIdParam(event: HttpEvent): string {
  const parsed = goalIdSchema.safeParse(event.pathParameters?.goalId);
  if (!parsed.success) throw new NotFound(M.notFound);
  return parsed.data;
}

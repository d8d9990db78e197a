import type { Profile } from '#shared/api.ts';
import { hasFullAccess } from '#shared/entitlements.ts';

/**
 * Which plan panel the dashboard shows (docs/quiz.md): the upsell for free users, the
 * Premium Dashboard for premium, trial and admin. A running trial also says when it ends.
 */
export type PlanPanel = { kind: 'upsell' } | { kind: 'premium'; trialEnds: string | null };

export function planPanel(profile: Profile, now: Date): PlanPanel {
  if (!hasFullAccess(profile, now)) return { kind: 'upsell' };
  const onTrial = profile.role !== 'admin' && profile.subscription_status !== 'premium' && Boolean(profile.metadata.trial_active);
  return { kind: 'premium', trialEnds: onTrial ? (profile.metadata.trial_ends ?? null) : null };
}

/** "Trial ends 29 Nov 2026" in the reader's locale. */
export function formatDay(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}

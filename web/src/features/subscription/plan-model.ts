import type { Profile } from '#shared/api.ts';
import { FREE_LIMITS, hasFullAccess, PREMIUM_FEATURES, type PremiumFeature } from '#shared/entitlements.ts';
import { canChoosePlan, formatUsd, PLAN_IDS, PLANS, STUDENT_PLAN_MESSAGE, SUBSCRIPTION_MESSAGES, type PlanId } from '#shared/plans.ts';
// Relative import: the unit test project has no @/ alias.
import { isApiError } from '../../lib/api-client.ts';

/** US dollars as the plans show them: "$0", "$4.99". */

/** "June 14, 2026": when a trial ends, in the reader's time zone unless one is given. */
export function formatDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { dateStyle: 'long', ...(timeZone ? { timeZone } : {}) });
}

/**
 * Where the account stands (docs/quiz.md): premium (a paid subscription, or an admin), an
 * unexpired trial, or free; the trial can be started once per account (trial_started is kept).
 */
export type Membership = { kind: 'premium' } | { kind: 'trial'; endsAt: string } | { kind: 'free'; trialUsed: boolean };

export function membershipOf(profile: Profile, now: Date): Membership {
  if (profile.role === 'admin' || profile.subscription_status === 'premium') return { kind: 'premium' };
  const { trial_started, trial_ends, trial_active } = profile.metadata;
  if (trial_ends && hasFullAccess(profile, now)) return { kind: 'trial', endsAt: trial_ends };
  return { kind: 'free', trialUsed: Boolean(trial_started || trial_ends || trial_active !== undefined) };
}

export interface PlanOption {
  id: PlanId;
  name: string;
  /** "$4.99" */
  price: string;
  /** "month" or "year" */
  period: string;
  /** The crossed-out price, when there is one. */
  was: string | null;
  note: string;
  /** "44% off", "Save 26%" */
  saving: string;
  selectable: boolean;
  /** Why the plan cannot be chosen (the student plan without a .edu address). */
  blockedReason: string | null;
}

/** Plans whose discount the spec calls a saving rather than a price cut (docs/quiz.md). */
const SAVINGS: ReadonlySet<PlanId> = new Set<PlanId>(['annual', 'family']);

/** The four plans of shared/plans.ts as the picker shows them, for this account's e-mail. */
export function planOptions(email: string): PlanOption[] {
  return PLAN_IDS.map((id) => {
    const plan = PLANS[id];
    const selectable = canChoosePlan(id, email);
    return {
      id,
      name: plan.name,
      price: formatUsd(plan.price),
      period: plan.period,
      was: 'was' in plan ? formatUsd(plan.was) : null,
      note: plan.note,
      saving: SAVINGS.has(id) ? `Save ${plan.discountPercent}%` : `${plan.discountPercent}% off`,
      selectable,
      blockedReason: selectable ? null : STUDENT_PLAN_MESSAGE,
    };
  });
}

/** The lowest monthly price among the monthly plans, for "From $4.99/month". */
export const lowestMonthlyPrice = () =>
  formatUsd(Math.min(...PLAN_IDS.map((id) => PLANS[id]).filter((plan) => plan.period === 'month').map((plan) => plan.price)));

/** Human names for the premium features (shared/entitlements.ts). */
export const FEATURE_LABELS: Record<PremiumFeature, string> = {
  advanced_questions: 'Advanced questions',
  expert_questions: 'Expert questions',
  adaptive_learning: 'Adaptive learning path',
  unlimited_study_guides: 'Study guides',
  video_explanations: 'Video explanations',
  progress_reports: 'Progress reports',
  custom_study_plans: 'Custom study plans',
  achievement_sharing: 'Achievement sharing',
  ai_tutor_chat: 'AI tutor chat',
  live_competitions: 'Live tournaments',
  spaced_repetition: 'Spaced repetition',
  study_groups: 'Study groups',
  offline_mode: 'Offline quizzes',
  detailed_analytics: 'Detailed analytics',
};

/** A cell of the feature table: included or not, or a limit to state. */
export type FeatureCell = { included: boolean; text?: string };
export interface FeatureRow {
  key: string;
  label: string;
  free: FeatureCell;
  premium: FeatureCell;
}

const UNLIMITED_CELL: FeatureCell = { included: true, text: 'Unlimited' };
const limited = (count: number, unit: string): FeatureCell => ({ included: true, text: `${count} ${unit}` });

/**
 * Free vs Premium, feature by feature: what everyone has, the free limits (FREE_LIMITS) and
 * every premium feature (PREMIUM_FEATURES). Unlimited study guides is the study-guide limit's row.
 */
export function featureRows(): FeatureRow[] {
  const base: FeatureRow[] = [
    { key: 'beginner_questions', label: 'Beginner questions', free: { included: true }, premium: { included: true } },
    { key: 'quiz_attempts_per_day', label: 'Quiz rounds per day', free: limited(FREE_LIMITS.quiz_attempts_per_day, 'a day'), premium: UNLIMITED_CELL },
    { key: 'bookmarks', label: 'Bookmarked questions', free: limited(FREE_LIMITS.bookmarks, 'questions'), premium: UNLIMITED_CELL },
    { key: 'study_guides', label: FEATURE_LABELS.unlimited_study_guides, free: limited(FREE_LIMITS.study_guides, 'guides'), premium: UNLIMITED_CELL },
  ];
  const premium = PREMIUM_FEATURES.filter((feature) => feature !== 'unlimited_study_guides').map<FeatureRow>((feature) => ({
    key: feature,
    label: FEATURE_LABELS[feature],
    free: { included: false },
    premium: { included: true },
  }));
  return [...base, ...premium];
}

/** How a failed POST /api/subscription/trial ends: trial already used, already premium, or an error to show. */
export type TrialFailure = { kind: 'trial-used' } | { kind: 'already-premium'; message: string } | { kind: 'error'; message: string };

export function trialFailure(error: unknown): TrialFailure {
  if (isApiError(error) && error.code === 'trial_used') return { kind: 'trial-used' };
  if (isApiError(error) && error.code === 'already_premium') return { kind: 'already-premium', message: SUBSCRIPTION_MESSAGES.alreadyPremium };
  return { kind: 'error', message: SUBSCRIPTION_MESSAGES.updateFailed };
}

/** The message for a failed POST /api/subscription/intent: the server's own for a refused plan, else the generic one. */
export function intentErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 400) return error.message;
  return SUBSCRIPTION_MESSAGES.updateFailed;
}

/** The message for a failed POST /api/subscription/waitlist. */
export function waitlistErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 400 && error.fields.email) return error.fields.email;
  return SUBSCRIPTION_MESSAGES.waitlistFailed;
}

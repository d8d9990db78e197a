import type { Profile } from './api.ts';
import type { Level } from './constants.ts';

/** Who may use what (docs/quiz.md). One place, used by the server to decide and by the web to explain. */
export const PREMIUM_FEATURES = [
  'advanced_questions',
  'expert_questions',
  'adaptive_learning',
  'unlimited_study_guides',
  'video_explanations',
  'progress_reports',
  'custom_study_plans',
  'achievement_sharing',
  'ai_tutor_chat',
  'live_competitions',
  'spaced_repetition',
  'study_groups',
  'offline_mode',
  'detailed_analytics',
] as const;
export type PremiumFeature = (typeof PREMIUM_FEATURES)[number];

export const FREE_LIMITS = { study_guides: 3, quiz_attempts_per_day: 10, bookmarks: 20, study_plans: 1 } as const;
export type LimitName = keyof typeof FREE_LIMITS;
export const UNLIMITED = -1;

type Entitled = Pick<Profile, 'role' | 'subscription_status' | 'metadata'> | undefined;

/** Premium, admin and an unexpired trial have full access without limits. */
export function hasFullAccess(profile: Entitled, now: Date): boolean {
  if (!profile) return false;
  if (profile.role === 'admin' || profile.subscription_status === 'premium') return true;
  const { trial_active, trial_ends } = profile.metadata;
  return Boolean(trial_active && trial_ends && Date.parse(trial_ends) > now.getTime());
}

/** No profile means no access; free users are denied the premium features and nothing else. */
export function canUse(profile: Entitled, feature: PremiumFeature | (string & {}), now: Date): boolean {
  if (!profile) return false;
  if (hasFullAccess(profile, now)) return true;
  return !(PREMIUM_FEATURES as readonly string[]).includes(feature);
}

/** The limit that applies, -1 for unlimited; a profile's metadata may override the free default. */
export function limitFor(profile: Entitled, name: LimitName, now: Date): number {
  if (!profile) return 0;
  if (hasFullAccess(profile, now)) return UNLIMITED;
  return profile.metadata.limits?.[name] ?? FREE_LIMITS[name];
}

export const LEVEL_FEATURE: Record<Level, PremiumFeature | null> = {
  beginner: null,
  advanced: 'advanced_questions',
  expert: 'expert_questions',
};

export function canPlayLevel(profile: Entitled, level: Level, now: Date): boolean {
  const feature = LEVEL_FEATURE[level];
  return profile !== undefined && (feature === null || canUse(profile, feature, now));
}

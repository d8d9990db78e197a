/** Product constants (docs/quiz.md, docs/accounts.md). One place for browser and server. */

export const SUBJECTS = ['geography', 'history', 'religion'] as const;
export type Subject = (typeof SUBJECTS)[number];

export const LEVELS = ['beginner', 'advanced', 'expert'] as const;
export type Level = (typeof LEVELS)[number];

export const ROLES = ['student', 'parent', 'teacher', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const SUBSCRIPTION_STATUSES = ['free', 'premium'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Where each role lands after sign-in (docs/quiz.md). */
export const ROLE_HOME: Record<Role, string> = {
  student: '/dashboard',
  parent: '/parent-dashboard',
  teacher: '/teacher-dashboard',
  admin: '/admin-dashboard',
};

export const MAX_LENGTH = {
  email: 255,
  password: 128,
  freeText: 10_000,
  message: 500,
  quizAnswer: 500,
} as const;

export const PASSWORD_MIN_LENGTH = 6;

/**
 * Roles that see other people's data (a class, every account): their passwords follow the
 * stronger staff rule (shared/validation/auth.ts) and admins sign in with a second factor.
 */
export const STAFF_ROLES = ['teacher', 'admin'] as const satisfies readonly Role[];
export const isStaffRole = (role: string): boolean => (STAFF_ROLES as readonly string[]).includes(role);
/** Staff passwords: at least this long, with upper- and lower-case letters, a number and a symbol. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

/** Password reset links are valid for one hour and work once (docs/quiz.md). */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Sign-up confirmation links: the spec is silent; a day is the common choice. */
export const CONFIRM_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export const TRIAL_DAYS = 7;

/** Session lookup retries (docs/quiz.md). */
export const SESSION_LOOKUP_RETRIES = 5;
export const SESSION_LOOKUP_DELAY_MS = 1000;

export const isSubject = (value: string): value is Subject => (SUBJECTS as readonly string[]).includes(value);
export const isLevel = (value: string): value is Level => (LEVELS as readonly string[]).includes(value);

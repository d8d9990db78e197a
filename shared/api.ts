import * as z from 'zod';
import { ROLES, SUBSCRIPTION_STATUSES } from './constants.ts';
import { timeMultiplierSchema } from './quiz/time-allowance.ts';
import { resetLinkInfoSchema } from './validation/auth.ts';
import { mfaChallengeResponseSchema } from './validation/mfa.ts';

/** Response shapes of the API, parsed by the web client and produced by the handlers. */

export const profileLimitsSchema = z.object({
  study_guides: z.number().int(),
  quiz_attempts_per_day: z.number().int(),
  bookmarks: z.number().int(),
  study_plans: z.number().int(),
});

export const profileSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES),
  subscription_updated_at: z.string().nullable(),
  created_at: z.string(),
  /** The IANA zone the account's days count in (streaks); set by the first round, changed at most once a day. */
  time_zone: z.string().optional(),
  time_zone_changed_at: z.string().optional(),
  /** Signs in with an authenticator app's code as well; admins must. */
  mfa_enabled: z.boolean().optional(),
  metadata: z.object({
    trial_active: z.boolean().optional(),
    trial_started: z.string().optional(),
    trial_ends: z.string().optional(),
    limits: profileLimitsSchema.partial().optional(),
    /** Editable on /profile (docs/social.md). */
    full_name: z.string().optional(),
    phone_number: z.string().optional(),
    /** Accessible timed play: unset means standard time (1). */
    time_multiplier: timeMultiplierSchema.optional(),
    updated_at: z.string().optional(),
  }),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * The tokens a page holds (in memory). The refresh token is not among them: the server
 * keeps it in an HttpOnly cookie that scripts cannot read (functions/lib/refresh-cookie.ts).
 */
export const sessionTokensSchema = z.object({
  idToken: z.string(),
  accessToken: z.string(),
  /** Epoch milliseconds when the access token expires. */
  expiresAt: z.number(),
});
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

export const signInResponseSchema = z.object({ tokens: sessionTokensSchema, profile: profileSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** POST /api/auth/sign-in: the session, or the second step's challenge when the account has an authenticator. */
export const signInOutcomeSchema = z.union([signInResponseSchema, mfaChallengeResponseSchema]);

export const refreshResponseSchema = z.object({ tokens: sessionTokensSchema });

/** A profile just changed and the sentence saying how: the authenticator turned on, an own or an admin's edit, an added user. */
export const profileMessageResponseSchema = z.object({ message: z.string(), profile: profileSchema });

export const meResponseSchema = z.object({ profile: profileSchema });

export const messageResponseSchema = z.object({ message: z.string() });

/** The reset link's account and the rule its new password follows (staff: teacher, admin). */
export const verifyResetResponseSchema = resetLinkInfoSchema;

export const profileListResponseSchema = z.object({
  profiles: z.array(profileSchema),
  nextCursor: z.string().nullable(),
});

/** Every non-2xx body: one message for people, optional per-field messages, a stable code for programs. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** What a page needs to explain a refusal (e.g. the daily limit's count and reset time); its code says which shape. */
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

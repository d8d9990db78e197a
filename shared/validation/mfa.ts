import * as z from 'zod';

/**
 * Two-step sign-in with an authenticator app (TOTP): available to every
 * account, required for admins. The contracts of the sign-in challenge and of the set-up.
 */
export const MFA_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  codeWrong: 'That code is not right. Check the time on your phone and try the newest code.',
  challengeExpired: 'This sign-in took too long. Please sign in again.',
  setupRequired: 'Admins must turn on two-step sign-in before using the admin console.',
  setupFailed: 'Could not turn on two-step sign-in. Please try again.',
  enabled: 'Two-step sign-in is on. Next time you sign in, have your authenticator app ready.',
} as const;

/** Six digits, as authenticator apps show them (spaces pasted from an app are dropped). */
export const mfaCodeSchema = z
  .string({ error: MFA_MESSAGES.codeFormat })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, MFA_MESSAGES.codeFormat));

/** What sign-in answers instead of tokens when the account has two-step sign-in on. */
export const mfaChallengeSchema = z.object({
  /** Cognito's challenge session (valid 3 minutes) and whose it is; both come back with the code. */
  session: z.string().min(1).max(4096),
  username: z.string().min(1).max(128),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;
export const mfaChallengeResponseSchema = z.object({ mfa: mfaChallengeSchema });

/** POST /api/auth/sign-in/mfa */
export const mfaAnswerSchema = mfaChallengeSchema.extend({ code: mfaCodeSchema });
export type MfaAnswer = z.infer<typeof mfaAnswerSchema>;

/** POST /api/auth/mfa/setup answers the secret to put into an authenticator app, as text and as an otpauth:// URI. */
export const mfaSetupResponseSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type MfaSetup = z.infer<typeof mfaSetupResponseSchema>;

/** POST /api/auth/mfa/confirm: the first code from the app turns two-step sign-in on. */
export const mfaConfirmSchema = z.object({ code: mfaCodeSchema });

/** The issuer name authenticator apps show beside the account. */
export const MFA_ISSUER = 'Quiz Quest';

/** The key URI format authenticator apps read (Google's otpauth spec): TOTP, SHA-1, 6 digits, 30 s, as Cognito uses. */
export function otpauthUri(secret: string, accountName: string): string {
  const label = `${encodeURIComponent(MFA_ISSUER)}:${encodeURIComponent(accountName)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(MFA_ISSUER)}&algorithm=SHA1&digits=6&period=30`;
}

import * as z from 'zod';
import { isStaffRole, MAX_LENGTH, PASSWORD_MIN_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from '../constants.ts';
import { emailField } from './email.ts';
import { AUTH_MESSAGES as M, FIELD_MESSAGES } from './messages.ts';

/** The rules of docs/accounts.md as zod schemas: the web forms and the Lambdas parse with these. */

const MARKUP = /<[^>]*>|[<>]/;
const COMMON_PASSWORDS = new Set(['password', '123456', 'qwerty', 'admin', 'letmein']);

/** Sign-in and sign-up's e-mail field: trimmed and lower-cased; one message per failure, the first rule that fails. */
export const emailSchema = emailField({
  required: M.emailRequired,
  tooLong: FIELD_MESSAGES.maxLength(MAX_LENGTH.email),
  notAscii: M.emailNotAscii,
  format: M.invalidEmail,
});

/** Password rules shared by sign-in and sign-up; `tooLong` differs between the auth and reset forms. */
const passwordRules = (tooLong: string) =>
  z.string({ error: M.passwordRequired }).superRefine((password, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (password.length === 0) fail(M.passwordRequired);
    else if (password.trim().length === 0) fail(M.passwordWhitespace);
    else if (password.length < PASSWORD_MIN_LENGTH) fail(M.passwordTooShort);
    else if (password.length > MAX_LENGTH.password) fail(tooLong);
    else if (MARKUP.test(password)) fail(M.passwordMarkup);
    else if (COMMON_PASSWORDS.has(password.toLowerCase())) fail(M.passwordCommon);
  });

export const passwordSchema = passwordRules(M.passwordTooLong);

export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema });
export type Credentials = z.infer<typeof credentialsSchema>;

export const resetRequestSchema = z.object({
  email: emailField({ required: M.resetEnterEmail, tooLong: M.resetValidEmail, notAscii: M.emailNotAscii, format: M.resetValidEmail }),
});

/** A link token: 43 url-safe characters (32 random bytes). */
export const linkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, FIELD_MESSAGES.invalidFormat);

export const resetPasswordSchema = z
  .object({
    token: linkTokenSchema,
    password: passwordRules(M.passwordTooLongReset),
    confirmPassword: z.string({ error: M.fillAllFields }),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: M.passwordsDoNotMatch });
  });

export const linkTokenBodySchema = z.object({ token: linkTokenSchema });

/**
 * Which password rule an account's password follows: the spec's for students and parents,
 * the stronger staff rule for teachers and admins. The reset screen learns it from the link.
 */
export const PASSWORD_RULES = ['standard', 'staff'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];
export const passwordRuleFor = (role: string): PasswordRule => (isStaffRole(role) ? 'staff' : 'standard');

/**
 * What the staff rule adds to the spec's rules (checked first, with their messages): at least
 * 12 characters with upper- and lower-case letters, a number and a symbol; undefined when met.
 */
export function staffPasswordProblem(password: string): string | undefined {
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9\s]/];
  if (password.length < STAFF_PASSWORD_MIN_LENGTH || !kinds.every((kind) => kind.test(password))) return M.staffPasswordRule;
  return undefined;
}

/** The first message the password's rule gives for it, or undefined: one check for the web form and the API. */
export function passwordProblem(password: string, rule: PasswordRule, tooLong: string = M.passwordTooLongReset): string | undefined {
  const base = passwordRules(tooLong).safeParse(password);
  if (!base.success) return base.error.issues[0]?.message;
  return rule === 'staff' ? staffPasswordProblem(password) : undefined;
}

/** What the reset link's check answers: whose link, and which rule the new password must meet. */
export const resetLinkInfoSchema = z.object({ email: z.string(), passwordRule: z.enum(PASSWORD_RULES).default('standard') });
export type ResetLinkInfo = z.infer<typeof resetLinkInfoSchema>;

export { fieldErrors, type FieldErrors } from './field-errors.ts';

import * as z from 'zod';
import { MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { emailField } from './email.ts';
import { AUTH_MESSAGES as M, FIELD_MESSAGES } from './messages.ts';

/** The rules of 1-core §5 as zod schemas: the web forms and the Lambdas parse with these. */

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

export { fieldErrors, type FieldErrors } from './field-errors.ts';

import * as z from 'zod';
import { MAX_LENGTH } from '../constants.ts';

/**
 * The one e-mail rule (docs/accounts.md), used by the forms, the handlers and the event
 * catalogue alike, so an address the form accepts can never fail further down the line
 * (a Cognito user created, then the e-mail event refused).
 *
 * Addresses are ASCII only: internationalised mailboxes (RFC 6531) need SMTPUTF8 all the
 * way through SES and the recipient's server, and are refused with a message that says so.
 */

export type EmailProblem = 'required' | 'tooLong' | 'notAscii' | 'format';

/** Dot-separated atoms of RFC 5322 atext, without quotes and backticks. */
const LOCAL_PART = /^[a-z0-9!#$%&*+/=?^_{|}~-]+(\.[a-z0-9!#$%&*+/=?^_{|}~-]+)*$/;
/** Host names: letter-digit-hyphen labels and a top-level domain of at least two letters. */
const DOMAIN = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;
const SCRIPT_OR_SQL = /<|>|javascript:|script|\bon\w+\s*=|--|\/\*|\b(select|insert|update|delete|drop|union|exec|alter)\b/i;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Trimmed and lower-cased: the form the account, the profile and every e-mail use. */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

/** The first rule a normalised address breaks, or undefined when it is acceptable. */
export function emailProblem(email: string): EmailProblem | undefined {
  if (email.length === 0) return 'required';
  if (email.length > MAX_LENGTH.email) return 'tooLong';
  if (!PRINTABLE_ASCII.test(email)) return 'notAscii';
  const at = email.lastIndexOf('@');
  if (at <= 0 || SCRIPT_OR_SQL.test(email)) return 'format';
  return LOCAL_PART.test(email.slice(0, at)) && DOMAIN.test(email.slice(at + 1)) ? undefined : 'format';
}

/**
 * A form's e-mail field: normalises, then names the first broken rule with the form's own
 * wording (sign-in/up and the reset request word "invalid" differently in the spec).
 */
export function emailField(messages: Record<EmailProblem, string>) {
  return z
    .string({ error: messages.required })
    .transform(normalizeEmail)
    .superRefine((email, ctx) => {
      const problem = emailProblem(email);
      if (problem) ctx.addIssue({ code: 'custom', message: messages[problem] });
    });
}

/** An address already normalised and valid, e.g. in an event's detail: anything else is refused. */
export const emailAddressSchema = z
  .string()
  .refine((email) => email === normalizeEmail(email) && emailProblem(email) === undefined, { message: 'Invalid email address' });

import { describe, expect, it } from 'vitest';
import { EVENTS } from '../../events/catalogue.ts';
import { credentialsSchema, emailSchema, resetRequestSchema } from './auth.ts';
import { emailAddressSchema, emailProblem } from './email.ts';
import { AUTH_MESSAGES as M } from './messages.ts';

/** Addresses people type, good and bad; every layer must agree on each. */
const ADDRESSES = [
  'student@school.edu',
  'first.last+tag@sub.example.org',
  "o'brien@example.com",
  'josé.x@example.com',
  'x@exämple.com',
  '用户@例子.广告',
  'a..b@example.com',
  '.a@example.com',
  'a@-example.com',
  'a@example.c',
  'a b@example.com',
  'dropbox.fan@example.com',
  'weird#chars!~@example.co.uk',
];

describe('one e-mail rule (1-core §5)', () => {
  it.each(['josé.x@example.com', 'x@exämple.com', '用户@例子.广告', 'zoë@example.com'])('refuses %s as not ASCII, with a message that says so', (email) => {
    expect(emailProblem(email)).toBe('notAscii');
    const result = emailSchema.safeParse(email);
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe(M.emailNotAscii);
    const reset = resetRequestSchema.safeParse({ email });
    expect(reset.success ? undefined : reset.error.issues[0]?.message).toBe(M.emailNotAscii);
  });

  it.each(ADDRESSES)('the forms and the event catalogue agree on %j', (typed) => {
    const form = credentialsSchema.safeParse({ email: typed, password: 'Orbit#4821' });
    const reset = resetRequestSchema.safeParse({ email: typed });
    expect(reset.success).toBe(form.success);
    const to = form.success ? form.data.email : typed;
    const event = EVENTS.EmailRequested.detail.safeParse({ to, template: 'confirm-sign-up', path: '/auth?confirm=x' });
    const welcome = EVENTS.AccountConfirmed.detail.safeParse({ userId: 'u1', email: to });
    expect(event.success).toBe(form.success);
    expect(welcome.success).toBe(form.success);
  });

  it('the event schema takes only normalised addresses', () => {
    expect(emailAddressSchema.safeParse('Ana@Example.com').success).toBe(false);
    expect(emailAddressSchema.safeParse(' ana@example.com').success).toBe(false);
    expect(emailAddressSchema.safeParse('ana@example.com').success).toBe(true);
  });
});

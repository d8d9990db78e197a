import { describe, expect, it } from 'vitest';
import { credentialsSchema, emailSchema, fieldErrors, passwordProblem, passwordRuleFor, passwordSchema, resetPasswordSchema, resetRequestSchema } from './auth.ts';
import { AUTH_MESSAGES as M } from './messages.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('e-mail rules (1-core §5)', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it.each([
    ['', M.emailRequired],
    ['plainaddress', M.invalidEmail],
    ['a@b', M.invalidEmail],
    ['<script>alert(1)</script>@x.com', M.invalidEmail],
    ['javascript:alert(1)@x.com', M.invalidEmail],
    ['bob@x.com; DROP TABLE users', M.invalidEmail],
    ['union.select@x.com', M.invalidEmail],
    [`${'a'.repeat(250)}@x.com`, 'Must be no more than 255 characters'],
  ])('%j → %s', (email, message) => {
    expect(messageOf(emailSchema.safeParse(email))).toBe(message);
  });

  it.each(['student@school.edu', 'first.last+tag@sub.example.org', 'dropbox.fan@example.com'])('accepts %s', (email) => {
    expect(emailSchema.safeParse(email).success).toBe(true);
  });
});

describe('password rules (1-core §5)', () => {
  it.each([
    ['', M.passwordRequired],
    ['      ', M.passwordWhitespace],
    ['12345', M.passwordTooShort],
    ['x'.repeat(129), M.passwordTooLong],
    ['<b>strong</b>', M.passwordMarkup],
    ['password', M.passwordCommon],
    ['123456', M.passwordCommon],
    ['qwerty', M.passwordCommon],
    ['admin', M.passwordTooShort],
    ['LetMeIn', M.passwordCommon],
  ])('%j → %s', (password, message) => {
    expect(messageOf(passwordSchema.safeParse(password))).toBe(message);
  });

  it('accepts 6 and 128 characters', () => {
    expect(passwordSchema.safeParse('abcdef').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
  });
});

describe('forms', () => {
  it('names each failing field once', () => {
    const result = credentialsSchema.safeParse({ email: 'nope', password: '123' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ email: M.invalidEmail, password: M.passwordTooShort });
  });

  it.each([
    ['', M.resetEnterEmail],
    ['bad', M.resetValidEmail],
  ])('reset request %j → %s', (email, message) => {
    expect(messageOf(resetRequestSchema.safeParse({ email }))).toBe(message);
  });

  it.each([
    ['abcdef', 'abcdeg', M.passwordsDoNotMatch],
    ['abc', 'abc', M.passwordTooShort],
    ['y'.repeat(129), 'y'.repeat(129), M.passwordTooLongReset],
  ])('reset form %s / %s → %s', (password, confirmPassword, message) => {
    expect(messageOf(resetPasswordSchema.safeParse({ token: 'a'.repeat(43), password, confirmPassword }))).toBe(message);
  });
});

describe('password rules by role (issue 18 item 7: students keep the spec, staff need more)', () => {
  it.each([
    ['student', 'standard'],
    ['parent', 'standard'],
    ['teacher', 'staff'],
    ['admin', 'staff'],
  ])('%s → %s', (role, rule) => {
    expect(passwordRuleFor(role)).toBe(rule);
  });

  it.each([
    ['Comet7', 'standard', undefined],
    ['Comet7', 'staff', M.staffPasswordRule],
    ['comet#7713-orbit', 'staff', M.staffPasswordRule], // no upper case
    ['COMET#7713-ORBIT', 'staff', M.staffPasswordRule], // no lower case
    ['Comet#Orbit-Nebula', 'staff', M.staffPasswordRule], // no number
    ['Comet7713Orbit', 'staff', M.staffPasswordRule], // no symbol
    ['Comet#771', 'staff', M.staffPasswordRule], // 9 characters
    ['Comet#7713Or', 'staff', undefined], // 12, every kind
    ['password', 'staff', M.passwordCommon], // the spec's rules first, with their messages
    ['12345', 'staff', M.passwordTooShort],
  ] as const)('%j under the %s rule → %s', (password, rule, message) => {
    expect(passwordProblem(password, rule)).toBe(message);
  });
});

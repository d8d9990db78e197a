import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, profileUpdateSchema } from './profile.ts';
import { TIME_MULTIPLIER_INVALID } from './quiz/time-allowance.ts';
import { FIELD_MESSAGES } from './validation/messages.ts';

const check = (full_name: string, phone_number: string) => {
  const result = profileUpdateSchema.safeParse({ full_name, phone_number });
  return result.success ? 'ok' : result.error.issues.map((i) => i.message).join('; ');
};

describe('profile update (2-social §5)', () => {
  it.each([
    ['Ada Lovelace', '+44 20 7946 0958', 'ok'],
    ['', '', 'ok'], // both optional: empty clears
    ['  Al  ', '(555) 123-4567', 'ok'], // trimmed to 2 characters
    ['A', '', PROFILE_MESSAGES.fullNameShort],
    [' A ', '', PROFILE_MESSAGES.fullNameShort],
    ['Ada', '555-CALL-NOW', PROFILE_MESSAGES.phoneInvalid],
    ['Ada', '12+34', PROFILE_MESSAGES.phoneInvalid], // a plus only in front
    ['Ada', '+', PROFILE_MESSAGES.phoneInvalid], // no digit at all
    ['Ada', '--', PROFILE_MESSAGES.phoneInvalid],
    ['Ada\nBcc: x@evil.test <b>hi</b>', '', PROFILE_MESSAGES.fullNamePlain], // one line of plain text
    ['Ada <3', '', PROFILE_MESSAGES.fullNamePlain],
    ['x'.repeat(101), '', FIELD_MESSAGES.maxLength(100)],
  ])('%j, %j → %s', (name, phone, expected) => {
    expect(check(name, phone)).toBe(expected);
  });

  it.each([
    ['Ada\r\nLovelace', 'Ada Lovelace'],
    ['  Ada \u2028\t Lovelace\u202E ', 'Ada Lovelace'],
    ['Zoë Łukasiewicz-Nguyễn', 'Zoë Łukasiewicz-Nguyễn'],
  ])('stores the name %j on one line as %j', (full_name, stored) => {
    expect(profileUpdateSchema.parse({ full_name, phone_number: '' }).full_name).toBe(stored);
  });

  it('refuses fields it does not know (the e-mail is not editable)', () => {
    expect(profileUpdateSchema.safeParse({ full_name: 'Ada', phone_number: '', email: 'x@y.z' }).success).toBe(false);
  });

  it.each([1, 1.5, 2, 'none', undefined])('takes the time multiplier %j', (time_multiplier) => {
    expect(profileUpdateSchema.safeParse({ full_name: '', phone_number: '', time_multiplier }).success).toBe(true);
  });

  it.each([3, 0, '2', 'double', null])('refuses the time multiplier %j with a message', (time_multiplier) => {
    const result = profileUpdateSchema.safeParse({ full_name: '', phone_number: '', time_multiplier });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([TIME_MULTIPLIER_INVALID]);
  });
});

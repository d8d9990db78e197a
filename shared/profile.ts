import * as z from 'zod';
import { timeMultiplierSchema } from './quiz/time-allowance.ts';
import { FIELD_MESSAGES } from './validation/messages.ts';
import { singleLineText } from './validation/plain-text.ts';

/** The profile page's rules and messages (docs/social.md). */
export const PROFILE_MESSAGES = {
  fullNameShort: 'Full name must be at least 2 characters',
  fullNamePlain: 'Full name cannot contain < or >',
  phoneInvalid: 'Please enter a valid phone number',
  updated: 'Profile updated successfully!',
  loadFailed: 'Failed to load profile data',
  updateFailed: 'Failed to update profile',
  deleteFailed: 'Failed to delete account',
  deleteConfirm:
    'Are you sure you want to delete your account? This action cannot be undone and will permanently remove all your data including quiz history, achievements, and progress.',
  deleted: 'Your account and all its data are being deleted.',
} as const;

/** Digits, spaces, hyphens and parentheses, with an optional leading plus. */
const PHONE = /^\+?[\d\s()-]+$/;

/**
 * A full name is one line of plain text wherever it is shown (the profile, the report's PDF):
 * line breaks and runs of space become one space, invisible characters go, and `<`/`>` are
 * refused (no name needs them; a printed `<b>` only misleads). The one name rule for every
 * form and Lambda that takes a name.
 */
export const fullNameSchema = z
  .string()
  .max(400, FIELD_MESSAGES.maxLength(100))
  .transform(singleLineText)
  .refine((name) => name.length <= 100, FIELD_MESSAGES.maxLength(100))
  .refine((name) => name.length === 0 || name.length >= 2, PROFILE_MESSAGES.fullNameShort)
  .refine((name) => !/[<>]/.test(name), PROFILE_MESSAGES.fullNamePlain);

/**
 * Both text fields optional; an empty field clears the value. The time multiplier
 * (accessible timed play) is kept as it is when the request leaves it out.
 */
export const profileUpdateSchema = z.strictObject({
  full_name: fullNameSchema,
  phone_number: z
    .string()
    .trim()
    .max(30)
    .refine((phone) => phone.length === 0 || (PHONE.test(phone) && /\d/.test(phone)), PROFILE_MESSAGES.phoneInvalid),
  time_multiplier: timeMultiplierSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

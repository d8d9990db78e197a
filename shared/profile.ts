import * as z from 'zod';
import { timeMultiplierSchema } from './quiz/time-allowance.ts';

/** The profile page's rules and messages (2-social §2, §5, §8). */
export const PROFILE_MESSAGES = {
  fullNameShort: 'Full name must be at least 2 characters',
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
 * Both text fields optional; an empty field clears the value. The time multiplier
 * (accessible timed play, issue 10) is kept as it is when the request leaves it out.
 */
export const profileUpdateSchema = z.strictObject({
  full_name: z
    .string()
    .trim()
    .max(100)
    .refine((name) => name.length === 0 || name.length >= 2, PROFILE_MESSAGES.fullNameShort),
  phone_number: z
    .string()
    .trim()
    .max(30)
    .refine((phone) => phone.length === 0 || (PHONE.test(phone) && /\d/.test(phone)), PROFILE_MESSAGES.phoneInvalid),
  time_multiplier: timeMultiplierSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

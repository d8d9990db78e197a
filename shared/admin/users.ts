import * as z from 'zod';
import { MAX_LENGTH, ROLES, SUBSCRIPTION_STATUSES } from '../constants.ts';
import { emailField } from '../validation/email.ts';
import { AUTH_MESSAGES, FIELD_MESSAGES } from '../validation/messages.ts';

/** The admin console's texts (docs/admin.md), written once for the server and the browser. */
export const ADMIN_MESSAGES = {
  privilegesRequired: 'Admin privileges required',
  authenticationRequired: 'Authentication required',
  generateFailed: 'Failed to generate daily challenges',
  generateSuccess: 'Daily challenges generated for the next 7 days',
  resetFailed: 'Failed to reset question tracking',
  resetSuccess: 'Question tracking reset successfully',
  resetConfirm: "Reset every user's seen-question tracking? Everyone will see questions again as if new.",
  addFailed: 'Failed to add user',
  updateFailed: 'Failed to update user',
  deleteFailed: 'Failed to delete user',
  deleteConfirm: 'Are you sure you want to delete this user?',
  /** Not in the spec's catalogue: admin accounts are not deleted from the table (docs/admin.md); demote first. */
  adminProtected: 'Admin accounts cannot be deleted here. Change the role first.',
  /** Not in the spec's catalogue: an admin's sign-in address is theirs to keep (no takeover from the table). */
  adminEmailFixed: "An admin's email cannot be changed here",
  /** Not in the spec's catalogue: demoting the only admin would leave no one to run the console. */
  lastAdmin: 'There must always be at least one admin',
  emailTaken: 'An account with this email already exists',
  userNotFound: 'User not found',
  userAdded: (email: string) => `Invitation sent to ${email}`,
  userUpdated: 'User updated',
  userDeleted: 'User deleted',
  quickMatchStarted: 'Quick match started',
  quickMatchFailed: 'Failed to start a quick match',
} as const;

/** Add User's and Edit User's e-mail: required, a basic pattern, at most 255 characters (docs/admin.md). */
export const adminEmailSchema = emailField({
  required: AUTH_MESSAGES.emailRequired,
  tooLong: FIELD_MESSAGES.maxLength(MAX_LENGTH.email),
  notAscii: AUTH_MESSAGES.emailNotAscii,
  format: AUTH_MESSAGES.invalidEmail,
});

export const addUserSchema = z.object({
  email: adminEmailSchema,
  role: z.enum(ROLES).default('student'),
});
export type AddUserInput = z.infer<typeof addUserSchema>;

export const editUserSchema = z.object({
  email: adminEmailSchema,
  role: z.enum(ROLES),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES),
});
export type EditUserInput = z.infer<typeof editUserSchema>;

/**
 * Admin accounts are not deleted from the table (docs/admin.md) and keep their sign-in e-mail; their role
 * can be changed (a promotion is reversible), as long as another admin remains (checked by the
 * server in the same write as the change).
 */
export const isProtectedAccount = (role: string): boolean => role === 'admin';

/** Why Edit User refuses this change to this account, or null: an admin's e-mail stays. */
export function editRefusal(before: { role: string; email: string }, change: EditUserInput): string | null {
  return isProtectedAccount(before.role) && change.email !== before.email ? ADMIN_MESSAGES.adminEmailFixed : null;
}

/** How long an invitation's set-a-password link works: the invitee may not read mail within the hour. */
export const INVITE_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** POST /api/admin/seen-tracking/reset: every account's seen questions forgotten at once, as one new generation. */
export const seenTrackingResetResponseSchema = z.object({ message: z.string(), generation: z.number().int() });

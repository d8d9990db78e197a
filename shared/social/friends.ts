import * as z from 'zod';
import { daysBetween } from '../dates.ts';
import { emailField } from '../validation/email.ts';
import { plainText } from '../validation/plain-text.ts';

/** Friends and friend requests (docs/social.md). */
export const FRIEND_MESSAGES = {
  userNotFound: 'User not found with that email address',
  notYourself: 'You cannot send a friend request to yourself',
  alreadyFriends: 'You are already friends with this user',
  alreadySent: 'Friend request already sent to this user',
  previouslyDeclined: 'Your previous friend request was declined',
  emailRequired: 'Valid email is required',
  emailInvalid: 'Please enter a valid email address',
  /** Not in the spec: the other person asked first; accepting is one click away. */
  theyAskedFirst: 'This user has already sent you a friend request. Accept it under Requests.',
  requestNotFound: 'Friend request not found',
  friendNotFound: 'Friend not found',
  /** A prefix listed strangers' addresses; a friend is found by the address they gave you. */
  searchWholeAddress: "Type your friend's whole e-mail address",
} as const;

export const FRIEND_LIMITS = { messageMax: 500, searchDebounceMs: 300, badgeCap: 9 } as const;

export const friendEmailSchema = emailField({
  required: FRIEND_MESSAGES.emailRequired,
  tooLong: FRIEND_MESSAGES.emailInvalid,
  notAscii: FRIEND_MESSAGES.emailInvalid,
  format: FRIEND_MESSAGES.emailInvalid,
});

export const friendRequestSchema = z.strictObject({
  email: friendEmailSchema,
  // Shown as text: kept as written, without control or bidi-override characters.
  message: z.string().trim().max(FRIEND_LIMITS.messageMax, `Message must be at most ${FRIEND_LIMITS.messageMax} characters`).transform(plainText).default(''),
});

/** Search takes a whole address (exact match, any case), never a prefix. */
export const friendSearchSchema = z.object({
  q: emailField({
    required: FRIEND_MESSAGES.searchWholeAddress,
    tooLong: FRIEND_MESSAGES.searchWholeAddress,
    notAscii: FRIEND_MESSAGES.searchWholeAddress,
    format: FRIEND_MESSAGES.searchWholeAddress,
  }),
});

/** Whether typed text is a whole address, so the dialog only asks the server then. */
export const isWholeAddress = (text: string): boolean => friendSearchSchema.safeParse({ q: text }).success;

/**
 * A stranger's address as search shows it: the first two characters of the local part, a
 * mask, and the domain ("st•••@example.com"). Friends see each other's addresses in full.
 */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  return `${local.slice(0, 2)}•••${at < 0 ? '' : email.slice(at)}`;
}

export const requestResponseSchema = z.strictObject({ accept: z.boolean() });

export type FriendRequestStatus = 'pending' | 'accepted' | 'declined' | 'cancelled';

/** A tab's count badge: the number, capped at 9+. */
export const badgeText = (count: number): string | null => (count <= 0 ? null : count > FRIEND_LIMITS.badgeCap ? `${FRIEND_LIMITS.badgeCap}+` : String(count));

export { userIdSchema } from '../validation/user-id.ts';

/**
 * The streak a friend's card shows: the stored streak while it is alive, 0 once its last
 * day is more than a day behind. Compared in UTC with a day's grace, as the friend's own
 * zone may be up to 14 hours ahead of or behind UTC.
 */
export function displayedStreak(current: number, lastActiveDay: string | undefined, todayUtc: string): number {
  if (!lastActiveDay || current <= 0) return 0;
  const behindDays = daysBetween(lastActiveDay, todayUtc);
  return behindDays <= 2 ? current : 0;
}

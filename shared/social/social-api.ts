import * as z from 'zod';
import { LEVELS, SUBJECTS } from '../constants.ts';

/**
 * Response shapes of the friends and friend-challenge routes (functions/social/), parsed by
 * the web client. Field names follow the spec's entities as shown (docs/social.md).
 */

export const friendSchema = z.object({
  friend_id: z.string(),
  email: z.string(),
  /** The friend's last active day (YYYY-MM-DD), or null if they never played. */
  last_active: z.string().nullable(),
  current_streak: z.number().int(),
  total_points: z.number(),
});
export type Friend = z.infer<typeof friendSchema>;

const requestBase = { id: z.string(), message: z.string(), status: z.literal('pending'), created_at: z.string() };

export const receivedRequestSchema = z.object({ ...requestBase, sender_id: z.string(), sender_email: z.string() });
export type ReceivedRequest = z.infer<typeof receivedRequestSchema>;

export const sentRequestSchema = z.object({ ...requestBase, receiver_id: z.string(), receiver_email: z.string() });
export type SentRequest = z.infer<typeof sentRequestSchema>;

/** GET /api/friends: friends and the pending requests either way. */
export const friendsResponseSchema = z.object({
  friends: z.array(friendSchema),
  received: z.array(receivedRequestSchema),
  sent: z.array(sentRequestSchema),
});
export type FriendsResponse = z.infer<typeof friendsResponseSchema>;

/** GET /api/friends/search?q=. */
export const userSearchResponseSchema = z.object({ users: z.array(z.object({ user_id: z.string(), email: z.string() })) });
export type UserSearchResult = z.infer<typeof userSearchResponseSchema>['users'][number];

/** POST /api/friends/requests. */
export const sentRequestResponseSchema = z.object({ request: sentRequestSchema });

/** POST /api/friends/requests/{userId}/respond. */
export const requestAnsweredSchema = z.object({ status: z.enum(['accepted', 'declined']) });

const attemptSchema = z.object({ score: z.number(), total: z.number(), completedAt: z.string() });

export const challengeViewSchema = z.object({
  id: z.string(),
  challenger_id: z.string(),
  challenged_id: z.string(),
  challenger_email: z.string(),
  challenged_email: z.string(),
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  question_count: z.number().int(),
  /** Seconds; 0 is no limit. */
  time_limit: z.number().int(),
  message: z.string(),
  /** 'expired' replaces any status but completed once expires_at has passed. */
  status: z.enum(['pending', 'accepted', 'declined', 'completed', 'expired']),
  expires_at: z.string(),
  created_at: z.string(),
  challenger_score: attemptSchema.nullable(),
  challenged_score: attemptSchema.nullable(),
  /** The winner's user id once completed; null on a tie or before. */
  winner: z.string().nullable(),
  /** The viewer sent it. */
  own: z.boolean(),
  /** The viewer has started their round. */
  played: z.boolean(),
});
export type ChallengeView = z.infer<typeof challengeViewSchema>;

/** GET /api/challenges. */
export const challengesResponseSchema = z.object({ challenges: z.array(challengeViewSchema) });

/** POST /api/challenges and POST /api/challenges/{id}/respond. */
export const challengeResponseSchema = z.object({ challenge: challengeViewSchema });

/** POST /api/friends/requests/{userId}/cancel: the caller's own pending request withdrawn. */
export const requestCancelledSchema = z.object({ status: z.literal('cancelled') });

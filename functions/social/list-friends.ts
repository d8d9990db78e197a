import { friendsResponseSchema } from '#shared/social/social-api.ts';
import { displayedStreak } from '#shared/social/friends.ts';
import { friendshipsOf, pendingRequests, standingsOf } from './data/friends.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';

/**
 * GET /api/friends: the caller's friends with e-mail, last active day, current streak and
 * total points, and the pending requests received and sent (docs/social.md).
 */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['student', 'admin']);
  const [friendships, received, sent] = await Promise.all([friendshipsOf(me.user_id), pendingRequests(me.user_id, 'IN'), pendingRequests(me.user_id, 'OUT')]);
  const standings = await standingsOf(friendships.map((f) => f.friendId));
  const today = new Date().toISOString().slice(0, 10);
  // pendingRequests keeps only pending requests, so each one's status is the literal the contract names.
  return respond(friendsResponseSchema, {
    friends: friendships.map((f) => {
      const standing = standings.get(f.friendId)!;
      return {
        friend_id: f.friendId,
        email: f.friendEmail,
        last_active: standing.lastActiveDay ?? null,
        current_streak: displayedStreak(standing.streak, standing.lastActiveDay, today),
        total_points: standing.points,
      };
    }),
    received: received.map((r) => ({ id: r.senderId, sender_id: r.senderId, sender_email: r.senderEmail, message: r.message, status: 'pending' as const, created_at: r.createdAt })),
    sent: sent.map((r) => ({ id: r.receiverId, receiver_id: r.receiverId, receiver_email: r.receiverEmail, message: r.message, status: 'pending' as const, created_at: r.createdAt })),
  });
});

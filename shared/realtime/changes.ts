import * as z from 'zod';

/**
 * "Something you can see changed": sent on each affected account's own `user:<id>` topic by
 * the consumer that wrote it, so an open screen asks again at once instead of every 30 s.
 * The message carries no data of the change: the receiver fetches what it may see through
 * the API's own checks, so a push can never show more than a fetch would.
 */
export const CHANGE_TYPES = {
  /** A new item in the account's activity feed (its own or a friend's activity). */
  feed: 'feed.changed',
  /** Points changed on the account's friend leaderboard (its own or a friend's round). */
  friendBoard: 'board.changed',
  /** The account's friend list: a request it sent was answered. */
  friends: 'friends.changed',
  /** The account's challenges: one it sent was accepted or declined. */
  challenges: 'challenges.changed',
} as const;
export type ChangeType = (typeof CHANGE_TYPES)[keyof typeof CHANGE_TYPES];

/** The `data` of a change message: empty on purpose (see above). */
export const changeDataSchema = z.object({}).strict();

/**
 * Who hears of a change to an actor's activity: the actor and the accounts whose feed or
 * friend board shows it, each once, never anyone else. `friendsNow` is the actor's friend list
 * read when the push goes, not when the audience was chosen: a friendship ended in between
 * (or before a late event) ends the delivery too, whoever the readers were.
 */
export function changeAudience(actorId: string, readerIds: readonly string[], friendsNow: ReadonlySet<string>): string[] {
  return [...new Set([actorId, ...readerIds.filter((id) => friendsNow.has(id))])];
}

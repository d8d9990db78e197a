import type { EventBridgeEvent } from 'aws-lambda';
import { envelopeSchema } from '#events/catalogue.ts';
import { CHANGE_TYPES } from '#shared/realtime/changes.ts';
import { recordLeaderboardAttempt } from './data/leaderboard.ts';
import { pushChange } from './push-changes.ts';
import { friendshipsOf } from '../social/data/friends.ts';
import { getProfile } from '../profile/data/profiles.ts';
import { eventHandler } from '../lib/instrument.ts';

const quizCompleted = envelopeSchema('QuizCompleted');

/**
 * QuizCompleted → the attempt's leaderboard entry and the player's totals per scope and
 * period (idempotent: the entry is keyed by the attempt and written with the totals only
 * if it is new). The totals carry the e-mail so a board needs no profile reads. Then the
 * player's and their friends' open friend boards are told (the people whose friend board
 * shows the player); a redelivery changed nothing and tells nobody.
 */
export const handler = eventHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const { detail } = quizCompleted.parse(event);
  const profile = await getProfile(detail.userId);
  if (!profile) return; // the account is gone: nothing of it is written again
  if ((await recordLeaderboardAttempt(detail, profile.email)) === 'duplicate') return;
  const friends = await friendshipsOf(detail.userId);
  await pushChange(CHANGE_TYPES.friendBoard, detail.userId, friends.map((f) => f.friendId));
});

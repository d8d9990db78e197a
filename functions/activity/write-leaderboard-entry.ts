import type { EventBridgeEvent } from 'aws-lambda';
import { envelopeSchema } from '#events/catalogue.ts';
import { recordLeaderboardAttempt } from './data/leaderboard.ts';
import { getProfile } from '../profile/data/profiles.ts';
import { eventHandler } from '../lib/instrument.ts';

const quizCompleted = envelopeSchema('QuizCompleted');

/**
 * QuizCompleted → the attempt's leaderboard entry and the player's totals per scope and
 * period (idempotent: the entry is keyed by the attempt and written with the totals only
 * if it is new). The totals carry the e-mail so a board needs no profile reads.
 */
export const handler = eventHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const { detail } = quizCompleted.parse(event);
  const profile = await getProfile(detail.userId);
  if (!profile) return; // the account is gone: nothing of it is written again
  await recordLeaderboardAttempt(detail, profile.email);
});

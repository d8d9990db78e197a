import type { EventBridgeEvent } from 'aws-lambda';
import { envelopeSchema } from '#events/catalogue.ts';
import { putLeaderboardEntry } from '../data/leaderboard.ts';

const quizCompleted = envelopeSchema('QuizCompleted');

/** QuizCompleted → the attempt's leaderboard entry (idempotent: keyed by the attempt). */
export const handler = async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const { detail } = quizCompleted.parse(event);
  await putLeaderboardEntry(detail);
};

import type { EventBridgeEvent } from 'aws-lambda';
import { envelopeSchema } from '#events/catalogue.ts';
import { recordAttempt } from './data/learner.ts';
import { evaluateAchievements } from './unlock.ts';
import { eventHandler } from '../lib/instrument.ts';

const quizCompleted = envelopeSchema('QuizCompleted');

/**
 * QuizCompleted → per-level progress, learner stats and topic tallies (once per attempt),
 * then the achievement catalogue. The evaluation runs on redelivery too, so an unlock
 * interrupted by a crash is made up on the retry.
 */
export const handler = eventHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const { detail } = quizCompleted.parse(event);
  await recordAttempt('update-progress', detail);
  // streak_3 is decided by the streak consumer, which knows the days; 0 here never revokes it.
  await evaluateAchievements(detail.userId, 0, detail.completedAt);
});

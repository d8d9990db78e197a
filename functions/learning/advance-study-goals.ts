import type { EventBridgeEvent } from 'aws-lambda';
import { envelopeSchema } from '#events/catalogue.ts';
import { advanceGoalsFromPlay } from './data/learning.ts';
import { eventHandler } from '../lib/instrument.ts';

const quizCompleted = envelopeSchema('QuizCompleted');

/** QuizCompleted → each open study goal in the quiz's subject and level moves one step (+10), once per attempt. */
export const handler = eventHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const { detail } = quizCompleted.parse(event);
  await advanceGoalsFromPlay('advance-study-goals', detail);
});

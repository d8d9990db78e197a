import type { EventBridgeEvent } from 'aws-lambda';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { envelopeSchema } from '#events/catalogue.ts';
import { keys } from '../data/table-design.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';

const quizCompleted = envelopeSchema('QuizCompleted');

/**
 * QuizCompleted → one leaderboard entry per attempt (2-social §7), keyed by the attempt,
 * so a redelivery rewrites the same item. Indexed by month overall (gsi2) and by subject
 * (gsi1), sorted by points; the leaderboard reads the top 100 of a bucket in one query.
 */
export const handler = async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const { detail } = quizCompleted.parse(event);
  const month = detail.completedAt.slice(0, 7);
  const rank = `${String(detail.points).padStart(7, '0')}#${detail.completedAt}`;
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: {
        ...keys.leaderboardEntry(detail.attemptId),
        type: 'leaderboard-entry',
        gsi1pk: `LB#${detail.subject}#${month}`,
        gsi1sk: rank,
        gsi2pk: `LB#all#${month}`,
        gsi2sk: rank,
        user_id: detail.userId,
        subject: detail.subject,
        level: detail.level,
        mode: detail.mode,
        points: detail.points,
        score: detail.score,
        total_questions: detail.total,
        completed_at: detail.completedAt,
      },
    }),
  );
};

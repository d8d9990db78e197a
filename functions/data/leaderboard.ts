import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventDetail } from '#events/catalogue.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { keys } from './table-design.ts';

/**
 * One leaderboard entry per attempt (2-social §7), keyed by the attempt, so writing it
 * again rewrites the same item. Indexed by month overall (gsi2) and by subject (gsi1),
 * sorted by points; the leaderboard reads the top 100 of a bucket in one query.
 */
export async function putLeaderboardEntry(attempt: EventDetail<'QuizCompleted'>): Promise<void> {
  const month = attempt.completedAt.slice(0, 7);
  const rank = `${String(attempt.points).padStart(7, '0')}#${attempt.completedAt}`;
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: {
        ...keys.leaderboardEntry(attempt.attemptId),
        type: 'leaderboard-entry',
        gsi1pk: `LB#${attempt.subject}#${month}`,
        gsi1sk: rank,
        gsi2pk: `LB#all#${month}`,
        gsi2sk: rank,
        user_id: attempt.userId,
        subject: attempt.subject,
        level: attempt.level,
        mode: attempt.mode,
        points: attempt.points,
        score: attempt.score,
        total_questions: attempt.total,
        completed_at: attempt.completedAt,
      },
    }),
  );
}

import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '../../shared/api.ts';
import type { Level, Subject } from '../../shared/constants.ts';

/**
 * A round as the quiz area records it once finished: the attempt item (as FinishRound writes
 * it) and QuizCompleted through the update-progress consumer (level tallies, stats). Import
 * after useLocalStack().
 */
export async function played(who: Profile, round: { subject: Subject; level?: Level; score: number; total?: number; timeSpentMs?: number; completedAt?: Date }): Promise<void> {
  const [{ documentClient }, { keys }, { handler: updateProgress }] = await Promise.all([
    import('../../functions/lib/clients.ts'),
    import('../../functions/data/table-design.ts'),
    import('../../functions/quiz/update-progress.ts'),
  ]);
  const roundId = randomUUID();
  const level = round.level ?? 'beginner';
  const total = round.total ?? 10;
  const timeSpentMs = round.timeSpentMs ?? 120_000;
  const completedAt = (round.completedAt ?? new Date()).toISOString();
  await documentClient().send(
    new PutCommand({
      TableName: process.env.TABLE_NAME,
      Item: { ...keys.attempt(who.user_id, completedAt, roundId), type: 'attempt', attemptId: roundId, user_id: who.user_id, subject: round.subject, level, mode: 'practice', score: round.score, total_questions: total, time_spent: timeSpentMs, points: round.score * 10, completed_at: completedAt },
    }),
  );
  const detail = { attemptId: roundId, userId: who.user_id, subject: round.subject, level, mode: 'practice', score: round.score, total, points: round.score * 10, timeSpentMs, completedAt, timeZone: 'UTC', topics: [] };
  await updateProgress({ version: '0', id: randomUUID(), 'detail-type': 'QuizCompleted', source: 'quizquest', account: '000000000000', time: completedAt, region: 'us-east-1', resources: [], detail });
}

/** An EventBridge envelope, as a consumer receives it. */
export function envelope(detailType: string, detail: Record<string, unknown>) {
  return { version: '0', id: randomUUID(), 'detail-type': detailType, source: 'quizquest', account: '000000000000', time: new Date().toISOString(), region: 'us-east-1', resources: [], detail };
}

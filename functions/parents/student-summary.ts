import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { StudentSummary } from '#shared/parents/parents.ts';
import { PARENT_LIMITS, STUDY_WINDOW_DAYS, studentSummary, type AttemptRow } from '#shared/parents/summary.ts';
import { localDate } from '#shared/dates.ts';
import { streakOn } from '#shared/quiz/streak.ts';
import { attemptsSince, levelProgressRows, recentActiveDays, recentAttempts } from '../quiz/data/learner.ts';
import * as keys from '../data/table-keys.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';

const toAttempt = (a: Record<string, unknown>): AttemptRow => ({
  subject: a.subject as AttemptRow['subject'],
  level: a.level as AttemptRow['level'],
  score: Number(a.score),
  total_questions: Number(a.total_questions),
  time_spent: Number(a.time_spent ?? 0),
  completed_at: String(a.completed_at),
});

/** The student's time zone (their streak's days), read alone: the profile module would bring zod into the weekly job's bundle. */
async function timeZoneOf(userId: string): Promise<string> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.profile(userId), ProjectionExpression: '#zone', ExpressionAttributeNames: { '#zone': 'time_zone' } }));
  return typeof Item?.time_zone === 'string' ? Item.time_zone : 'UTC';
}

/**
 * A student's figures from what the quiz area keeps (level tallies, attempts, active days):
 * four queries of the student's partition, nothing written. Only callers that checked the
 * link (an approved parent, the student's teacher) get here.
 */
export async function loadStudentSummary(studentId: string, now: Date): Promise<StudentSummary> {
  const [timeZone, tallies, recent, lastDays, days] = await Promise.all([
    timeZoneOf(studentId),
    levelProgressRows(studentId),
    recentAttempts(studentId, PARENT_LIMITS.recentAttempts),
    attemptsSince(studentId, new Date(now.getTime() - STUDY_WINDOW_DAYS * 86_400_000)),
    recentActiveDays(studentId),
  ]);
  const streak = streakOn(days, localDate(now, timeZone));
  return studentSummary({ tallies, recent: recent.map(toAttempt), lastDays: lastDays.map(toAttempt), streak, now });
}

export { toAttempt };

import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Level, Subject } from '#shared/constants.ts';
import type { ReportAttempt, ReportSend } from '#shared/reports/report.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';
import { queryPrefix } from '../../data/user-rows.ts';
import { queryAll } from '../../data/paging.ts';

const HISTORY = 20;
const HISTORY_KEEP_MS = 365 * 86_400_000;

/**
 * The attempts a report reads: one key-range query on the completion time (ATTEMPT#<from>
 * up to ATTEMPT#<to>), projected to the six attributes the report uses, every page. 2,000
 * attempts of 90 days are well under 1 MB of projected data: one or two requests.
 */
export async function attemptsBetween(userId: string, from: Date, to: Date): Promise<ReportAttempt[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':from': `ATTEMPT#${from.toISOString()}`, ':to': `ATTEMPT#${to.toISOString()}#~` },
    ProjectionExpression: 'subject, #level, score, total_questions, time_spent, completed_at',
    ExpressionAttributeNames: { '#level': 'level' },
  });
  return items.map((a) => ({
    subject: a.subject as Subject,
    level: a.level as Level,
    score: Number(a.score),
    total: Number(a.total_questions),
    timeSpentMs: Number(a.time_spent ?? 0),
    completedAt: String(a.completed_at),
  }));
}

/** One e-mailed report in the sender's history. */
export async function recordReportSend(userId: string, send: ReportSend): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: { ...keys.reportSent(userId, send.sentAt), type: 'report-sent', email: send.email, period: send.period, sent_at: send.sentAt, ttl: ttlSeconds(Date.parse(send.sentAt) + HISTORY_KEEP_MS) },
    }),
  );
}

/** The caller's newest e-mailed reports (their own partition only). */
export async function reportSends(userId: string): Promise<ReportSend[]> {
  return (await queryPrefix(userId, 'REPORTSENT#', { newestFirst: true, limit: HISTORY })).map((item) => ({
    email: String(item.email),
    period: Number(item.period),
    sentAt: String(item.sent_at),
  }));
}

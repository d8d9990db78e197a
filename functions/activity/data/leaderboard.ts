import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { EventDetail } from '#events/catalogue.ts';
import {
  bucketExpiry,
  LEADERBOARD_LIMIT,
  LEADERBOARD_PERIODS,
  periodBucket,
  pointsSortKey,
  type LeaderboardPeriod,
  type LeaderboardScope,
  type Standing,
} from '#shared/social/leaderboard.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';
import { tryTransactWrite } from '../../data/transact.ts';
import { batchGetItems } from '../../data/batch-get.ts';

/**
 * Leaderboards (docs/social.md). Each attempt keeps its entry (pk LBE#<attempt id>, as
 * before), and adds its points to the player's totals: one item per scope (all subjects
 * and its subject) and period bucket (day, week, month, all time), in the player's
 * partition and indexed by bucket on gsi1 with the points in the sort key. So:
 * - the global top 100 of a bucket is one Query with Limit 100 on gsi1, whatever the
 *   number of players or attempts;
 * - a friend board is one BatchGet of the user's and the friends' totals for the bucket.
 *
 * The entry is written with the totals in one transaction, conditional on the entry being
 * new: a redelivered QuizCompleted finds it and adds nothing. Totals are read and written
 * back conditionally on the count they were read at (a player's own concurrent rounds
 * retry), so the index sort key always holds the exact points.
 */
type QuizCompleted = EventDetail<'QuizCompleted'>;
type Key = { pk: string; sk: string };

const table = () => env().TABLE_NAME;
const ATTEMPTS = 6;

interface Total {
  key: Key;
  scope: LeaderboardScope;
  period: LeaderboardPeriod;
  bucket: string;
}

function totalsOf(attempt: QuizCompleted): Total[] {
  const at = new Date(attempt.completedAt);
  return (['all', attempt.subject] as const).flatMap((scope) =>
    LEADERBOARD_PERIODS.map((period) => {
      const bucket = periodBucket(period, at);
      return { key: keys.leaderboardTotal(attempt.userId, scope, bucket), scope, period, bucket };
    }),
  );
}

/** Adds the attempt to the board once; 'duplicate' when it was already counted. */
export async function recordLeaderboardAttempt(attempt: QuizCompleted, email: string): Promise<'done' | 'duplicate'> {
  const totals = totalsOf(attempt);
  const at = new Date(attempt.completedAt);
  const rank = `${String(attempt.points).padStart(7, '0')}#${attempt.completedAt}`;
  const month = attempt.completedAt.slice(0, 7);

  for (let round = 0; ; round++) {
    const current = await getTotals(totals.map((t) => t.key), true);
    const writes = totals.map((t) => {
      const before = current.get(`${t.key.pk}|${t.key.sk}`);
      const points = (before?.points ?? 0) + attempt.points;
      const quizzes = (before?.quizzes ?? 0) + 1;
      const expires = bucketExpiry(t.period, at);
      return {
        Put: {
          TableName: table(),
          Item: {
            ...t.key,
            gsi1pk: keys.leaderboardBoard(t.scope, t.bucket),
            gsi1sk: pointsSortKey(points, attempt.userId),
            type: 'leaderboard-total',
            user_id: attempt.userId,
            email,
            scope: t.scope,
            bucket: t.bucket,
            points,
            quizzes,
            ...(expires === undefined ? {} : { ttl: ttlSeconds(expires) }),
          },
          ...(before
            ? { ConditionExpression: 'quizzes = :seen', ExpressionAttributeValues: { ':seen': before.quizzes } }
            : { ConditionExpression: 'attribute_not_exists(pk)' }),
        },
      };
    });
    const cancelled = await tryTransactWrite([
      {
        Put: {
          TableName: table(),
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
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...writes,
    ]);
    if (!cancelled) return 'done';
    if (cancelled.codes[0] === 'ConditionalCheckFailed') return 'duplicate';
    // Another round of the same player moved a total meanwhile: read again and retry.
    if (round + 1 >= ATTEMPTS) throw cancelled.error;
    await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** round + Math.random() * 20));
  }
}

interface TotalRow {
  userId: string;
  email: string;
  points: number;
  quizzes: number;
}

const toRow = (item: Record<string, unknown>): TotalRow => ({
  userId: String(item.user_id),
  email: String(item.email ?? ''),
  points: Number(item.points ?? 0),
  quizzes: Number(item.quizzes ?? 0),
});

/** Totals by key, in batches of 100, unprocessed keys retried. */
async function getTotals(wanted: Key[], consistent = false): Promise<Map<string, TotalRow>> {
  const found = new Map<string, TotalRow>();
  for (const item of await batchGetItems(wanted, { consistent, projection: 'pk, sk, user_id, email, points, quizzes' })) found.set(`${String(item.pk)}|${String(item.sk)}`, toRow(item));
  return found;
}

/** The top 100 of a scope and period now: one bounded query on the bucket's index partition. */
export async function topStandings(scope: LeaderboardScope, period: LeaderboardPeriod, now: Date): Promise<Standing[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :board',
      ExpressionAttributeValues: { ':board': keys.leaderboardBoard(scope, periodBucket(period, now)) },
      ScanIndexForward: false,
      Limit: LEADERBOARD_LIMIT,
    }),
  );
  return (Items ?? []).map(toRow).map((row) => ({ userId: row.userId, name: row.email, points: row.points, quizzes: row.quizzes }));
}

/** The totals of the given players for a period now (all subjects); players without any count 0. */
export async function standingsFor(players: { userId: string; email: string }[], period: LeaderboardPeriod, now: Date): Promise<Standing[]> {
  const bucket = periodBucket(period, now);
  const totals = await getTotals(players.map((p) => keys.leaderboardTotal(p.userId, 'all', bucket)));
  return players.map((p) => {
    const key = keys.leaderboardTotal(p.userId, 'all', bucket);
    const row = totals.get(`${key.pk}|${key.sk}`);
    return { userId: p.userId, name: p.email, points: row?.points ?? 0, quizzes: row?.quizzes ?? 0 };
  });
}

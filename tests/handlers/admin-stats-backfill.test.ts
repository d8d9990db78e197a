import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { countersFromHistory } from '../../shared/admin/stats.ts';
import { utcDate } from '../../shared/dates.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { played } from '../support/played.ts';
import { player } from '../support/players.ts';

/**
 * The admin statistics' backfill (scripts/backfill-admin-stats.ts): what it reads from the
 * table, and that its counters are the ones the consumer keeps for the same history.
 */
useLocalStack();
const stats = await import('../../functions/admin/data/admin-stats.ts');

describe('admin statistics backfill', () => {
  it('reads every profile’s role and every attempt, and gives the counters the consumer would hold', async () => {
    const [ann, bob, teacher] = await Promise.all([player(), player(), player({ role: 'teacher' })]);
    const now = Date.now();
    const today = utcDate(now);
    // Two quizzes today, whatever the time of day the test runs.
    const earlier = Math.max(now - 2 * 60_000, Date.parse(`${today}T00:00:00Z`));
    await played(ann, { subject: 'geography', score: 7, timeSpentMs: 60_000, completedAt: new Date(earlier) });
    await played(ann, { subject: 'history', score: 9, timeSpentMs: 90_000, completedAt: new Date(earlier + 1000) });
    await played(bob, { subject: 'religion', score: 4, timeSpentMs: 30_000, completedAt: new Date(now - 86_400_000) });
    await played(bob, { subject: 'religion', score: 10, timeSpentMs: 30_000, completedAt: new Date(now - 30 * 86_400_000) });

    // The scan finds this test's accounts and quizzes among everything else in the shared table.
    const ours = new Set([ann.user_id, bob.user_id, teacher.user_id]);
    const history = await stats.scanHistory();
    const quizzes = history.quizzes.filter((q) => ours.has(q.userId));
    expect(quizzes.map((q) => [q.userId, q.subject, q.score, q.total, q.timeSpentMs]).sort()).toEqual(
      [
        [ann.user_id, 'geography', 7, 10, 60_000],
        [ann.user_id, 'history', 9, 10, 90_000],
        [bob.user_id, 'religion', 4, 10, 30_000],
        [bob.user_id, 'religion', 10, 10, 30_000],
      ].sort(),
    );
    expect(history.roles).toContain('teacher');

    // The same history counted event by event (the consumer) and in one go (the backfill).
    stats.useStatsPartitionForTests(`ADMINSTATS#consumer-${randomUUID()}`);
    for (const role of ['student', 'student', 'teacher'] as const) await stats.countAccountChange({ kind: 'created', role }, randomUUID());
    for (const quiz of quizzes) await stats.countQuiz({ ...quiz, attemptId: randomUUID() });
    const counted = await stats.readAdminCounters(today);

    stats.useStatsPartitionForTests(`ADMINSTATS#backfill-${randomUUID()}`);
    await stats.replaceAdminCounters(countersFromHistory(['student', 'student', 'teacher'], quizzes, today));
    const backfilled = await stats.readAdminCounters(today);
    expect(backfilled).toEqual(counted);
    expect(backfilled.totals).toMatchObject({ users: 3, quizzes: 4 });
    expect(backfilled.days.get(today)).toMatchObject({ quizzes: 2, active: 1 });

    // A quiz later today by a player the backfill already counted does not count them as active again.
    await stats.countQuiz({ attemptId: randomUUID(), userId: ann.user_id, subject: 'geography', score: 5, total: 10, timeSpentMs: 10_000, completedAt: new Date(earlier + 2000).toISOString() });
    expect((await stats.readAdminCounters(today)).days.get(today)).toMatchObject({ quizzes: 3, active: 1 });
  });
});

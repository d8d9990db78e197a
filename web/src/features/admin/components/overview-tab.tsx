import { countOf } from '#shared/text/counts.ts';
import { lazy, Suspense, useState } from 'react';
import { subjectAccuracy, weeklyTrend, zeroStats, type AdminStats } from '#shared/admin/stats.ts';
import { ADMIN_MESSAGES as M } from '#shared/admin/users.ts';
import { ROLES, SUBJECTS } from '#shared/constants.ts';
import { Alert, FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Card } from '@/components/card.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { capitalise } from '@/lib/capitalise.ts';
import { useAdminOverview, useGenerateDailyChallenges, useQuickMatch, useResetSeenTracking, useSystemHealth } from '../api/admin-api.ts';
import { dayLabel, durationText, ROLE_NAMES, share, trendText } from '../admin-view.ts';
import { AuditLogCard } from './audit-log-card.tsx';
import styles from './admin.module.css';

const ActivityChart = lazy(() => import('./activity-chart.tsx'));

/**
 * The Overview tab (docs/admin.md): the admin actions (daily challenges for the next 7
 * days, a live quick match, the seen-question reset with confirmation), the KPI cards,
 * users by role, subject performance, the weekly trend, the 7-day chart, system health
 * and the audit log. Statistics that fail to load show zeros (docs/admin.md) with a note.
 */
export function OverviewTab() {
  const overview = useAdminOverview();
  const today = new Date().toISOString().slice(0, 10);
  const stats = overview.data?.stats ?? zeroStats(today);
  return (
    <>
      <AdminActions />
      <section className={styles.section} aria-labelledby="admin-kpis" aria-busy={overview.isPending}>
        <h2 id="admin-kpis" className="visually-hidden">
          Key figures
        </h2>
        {overview.isError && (
          <Alert tone="error">
            Statistics could not be loaded, so zeros are shown.{' '}
            <Button variant="link" onClick={() => void overview.refetch()}>
              Retry
            </Button>
          </Alert>
        )}
        <Kpis stats={stats} />
      </section>
      <div className={styles.columns}>
        <RoleBreakdown stats={stats} />
        <SubjectPerformance stats={stats} />
      </div>
      <div className={styles.columns}>
        <WeeklyActivity stats={stats} />
        <SystemHealthCard />
      </div>
      <AuditLogCard />
    </>
  );
}

function Kpis({ stats }: { stats: AdminStats }) {
  const figures: [string, string][] = [
    ['Total Users', String(stats.totalUsers)],
    ['Total Quizzes', String(stats.totalQuizzes)],
    ['Average Score', `${stats.averageScore}%`],
    ['Active Today', String(stats.activeToday)],
    ['Average Time', durationText(stats.averageTimeSpent)],
  ];
  return (
    <dl className={styles.kpis}>
      {figures.map(([label, value]) => (
        <div key={label} className={styles.kpi}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RoleBreakdown({ stats }: { stats: AdminStats }) {
  return (
    <Card title="Users by Role">
      <ul className={styles.bars}>
        {ROLES.map((role) => (
          <li key={role} className={styles.barRow}>
            <span>{ROLE_NAMES[role]}</span>
            <span className={styles.barTrack} aria-hidden="true">
              <span className={styles.barFill} style={{ width: `${share(stats.usersByRole[role], stats.totalUsers)}%` }} />
            </span>
            <span className={styles.barValue}>{stats.usersByRole[role]}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function SubjectPerformance({ stats }: { stats: AdminStats }) {
  return (
    <Card title="Subject Performance">
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Subject performance">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Subject</th>
              <th scope="col">Quizzes</th>
              <th scope="col">Questions</th>
              <th scope="col">Accuracy</th>
            </tr>
          </thead>
          <tbody>
            {SUBJECTS.map((subject) => {
              const stat = stats.subjectStats[subject];
              return (
                <tr key={subject}>
                  <th scope="row">{capitalise(subject)}</th>
                  <td>{stat.attempts}</td>
                  <td>{stat.total}</td>
                  <td>{subjectAccuracy(stat)}%</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function WeeklyActivity({ stats }: { stats: AdminStats }) {
  const trend = weeklyTrend(stats.recentActivity);
  const weekQuizzes = stats.recentActivity.reduce((sum, day) => sum + day.quizCount, 0);
  return (
    <Card title="Last 7 Days">
      <p>
        {countOf(weekQuizzes, 'quiz')} this week · Weekly trend:{' '}
        <strong className={trend > 0 ? styles.trendUp : trend < 0 ? styles.trendDown : undefined}>{trendText(trend)}</strong>
      </p>
      <div className={styles.chartBox} aria-hidden="true">
        <Suspense fallback={<span className="skeleton" style={{ height: 220 }} />}>
          <ActivityChart activity={stats.recentActivity} />
        </Suspense>
      </div>
      <table className="visually-hidden">
        <caption>Quizzes per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Quizzes</th>
            <th scope="col">Average score</th>
          </tr>
        </thead>
        <tbody>
          {stats.recentActivity.map((day) => (
            <tr key={day.date}>
              <th scope="row">{dayLabel(day.date)}</th>
              <td>{day.quizCount}</td>
              <td>{day.averageScore}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

const CHECK_NAMES = { database: 'Database', authentication: 'Authentication', keys: 'Configuration' } as const;

function SystemHealthCard() {
  const health = useSystemHealth();
  return (
    <Card title="System Health">
      {health.isPending && <p className="muted">Checking…</p>}
      {health.isError && <p className="muted">The status could not be checked.</p>}
      {health.data && (
        <ul className={styles.health}>
          {(Object.keys(CHECK_NAMES) as (keyof typeof CHECK_NAMES)[]).map((name) => {
            const check = health.data.checks[name];
            return (
              <li key={name} className={styles.healthRow}>
                <span>
                  <strong>{CHECK_NAMES[name]}</strong> <span className="muted">{check.message}</span>
                </span>
                <span className={`${styles.status} ${styles[`status-${check.status}`] ?? ''}`}>{capitalise(check.status)}</span>
              </li>
            );
          })}
        </ul>
      )}
      <div className="actions">
        <Button variant="secondary" onClick={() => void health.refetch()} loading={health.isFetching}>
          Refresh
        </Button>
      </div>
    </Card>
  );
}

/** Daily challenge generation (idle, generating, success or failure), a quick match, and the reset. */
function AdminActions() {
  const generate = useGenerateDailyChallenges();
  const quickMatch = useQuickMatch();
  const reset = useResetSeenTracking();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card title="Admin Actions">
      <div className={styles.actionsGrid}>
        <div className={styles.action}>
          <h3>Daily Challenges</h3>
          <p className="muted">Generate the daily challenges for the next 7 days; existing ones are kept.</p>
          <div>
            <Button onClick={() => generate.mutate()} loading={generate.isPending}>
              {generate.isPending ? 'Generating…' : 'Generate Next 7 Days'}
            </Button>
          </div>
          <FormMessage message={generate.isSuccess ? M.generateSuccess : generate.isError ? M.generateFailed : null} tone={generate.isSuccess ? 'success' : 'error'} />
        </div>
        <div className={styles.action}>
          <h3>Live Tournament</h3>
          <p className="muted">Start a quick live match that opens in a minute.</p>
          <div>
            <Button variant="secondary" onClick={() => quickMatch.mutate()} loading={quickMatch.isPending}>
              Start Quick Match
            </Button>
          </div>
          <FormMessage message={quickMatch.isSuccess ? M.quickMatchStarted : quickMatch.isError ? M.quickMatchFailed : null} tone={quickMatch.isSuccess ? 'success' : 'error'} />
        </div>
        <div className={styles.action}>
          <h3>Question Tracking</h3>
          <p className="muted">Forget which questions every user has seen, so all questions count as new again.</p>
          <div>
            <Button variant="secondary" onClick={() => setConfirming(true)} loading={reset.isPending}>
              Reset Question Tracking
            </Button>
          </div>
          <FormMessage message={reset.isSuccess ? M.resetSuccess : reset.isError ? M.resetFailed : null} tone={reset.isSuccess ? 'success' : 'error'} />
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Reset Question Tracking"
        confirmLabel="Reset"
        onConfirm={() => {
          setConfirming(false);
          reset.mutate();
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>{M.resetConfirm}</p>
      </ConfirmDialog>
    </Card>
  );
}

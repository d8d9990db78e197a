import { memo, useState } from 'react';
import type { Profile } from '#shared/api.ts';
import { LEVELS, type Role } from '#shared/constants.ts';
import { canPlayLevel, canUse, hasFullAccess, limitFor, UNLIMITED } from '#shared/entitlements.ts';
import { LinkButton } from '@/components/button.tsx';
import { Card } from '@/components/card.tsx';
import { TimerIcon } from '@/components/icons.tsx';
import { useSession } from '@/features/auth/use-session.ts';
import { DailyChallengeCard } from '@/features/daily-challenge/components/daily-challenge-card.tsx';
import { AchievementsGrid } from '@/features/dashboard/components/achievements-grid.tsx';
import { AnalyticsWidget } from '@/features/dashboard/components/analytics-widget.tsx';
import { InsightsCard } from '@/features/dashboard/components/insights-card.tsx';
import { LearningToolsCard } from '@/features/learning-style/components/learning-tools-card.tsx';
import { PlanBanner } from '@/features/dashboard/components/plan-banner.tsx';
import { PremiumFeatures } from '@/features/dashboard/components/premium-features.tsx';
import { SystemStatusBanner } from '@/features/dashboard/components/system-status-banner.tsx';
import { ActivityFeed } from '@/features/feed/components/activity-feed.tsx';
import { FriendLeaderboardWidget } from '@/features/leaderboard/components/friend-leaderboard-widget.tsx';
import { useProgress } from '@/features/progress/api/get-progress.ts';
import { RecentAttempts } from '@/features/progress/components/recent-attempts.tsx';
import { ReviewToolsCard } from '@/features/review/components/review-tools-card.tsx';
import { SubjectProgressCard } from '@/features/progress/components/subject-progress-card.tsx';
import { MyClassesCard } from '@/features/teacher-dashboard/components/my-classes-card.tsx';
import { emptyProgress } from '@/features/progress/level-button.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { ROLE_LABEL } from '../layout/role-labels.ts';
import styles from './role-home.module.css';

const NEXT: Record<Exclude<Role, 'student'>, string> = {
  parent: "Following your child's progress will appear here in an upcoming release.",
  teacher: 'Your classes and their progress reports will appear here in an upcoming release.',
  admin: 'User management and the system status overview will appear here in an upcoming release.',
};

/** The role homes (/dashboard, /parent-dashboard, /teacher-dashboard, /admin-dashboard); access is checked before. */
export function RoleHome({ role }: { role: Role }) {
  const { profile } = useSession();
  const title = role === 'student' ? 'Student Dashboard' : `${ROLE_LABEL[role]} Dashboard`;
  useDocumentTitle(title);
  if (!profile) return null;
  if (role === 'student') return <StudentHome profile={profile} title={title} />;

  const plan = profile.subscription_status === 'premium' ? 'Premium' : profile.metadata.trial_active ? 'Premium trial' : 'Free';

  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <div className="grid">
        <Card title="Your account">
          <dl className="details">
            <dt>Email</dt>
            <dd>{profile.email}</dd>
            <dt>Role</dt>
            <dd>{ROLE_LABEL[profile.role]}</dd>
            <dt>Plan</dt>
            <dd>{plan}</dd>
          </dl>
        </Card>
        <Card title="Coming next">
          <p>{NEXT[role]}</p>
        </Card>
      </div>
    </div>
  );
}

/* ---------- Student dashboard (/dashboard) ---------- */

function planName(profile: Profile, now: Date): string {
  if (profile.subscription_status === 'premium') return 'Premium';
  return hasFullAccess(profile, now) ? 'Premium trial' : 'Free';
}

// The widgets that do not read progress: not drawn again when it arrives (less main-thread work on load).
const StatusBanner = memo(SystemStatusBanner);
const Plan = memo(PlanBanner);
const Analytics = memo(AnalyticsWidget);
const Features = memo(PremiumFeatures);

/**
 * The student dashboard (docs/quiz.md): the features meet here. One GET /api/progress feeds
 * the insights, the subject cards and the achievements; the status banner and the
 * analytics widget make their own call (health at once, analytics when it nears the screen).
 * If progress fails the subject cards show zeros (docs/quiz.md) and insights offer Retry.
 * Every widget keeps the size of its answer while it loads (no layout shift); what the
 * profile already tells (plan, counted rounds, analytics access) is drawn at once.
 */
function StudentHome({ profile, title }: { profile: Profile; title: string }) {
  const { load, retry } = useProgress();
  const [now] = useState(() => new Date());
  const fallbackLevels = Object.fromEntries(LEVELS.map((level) => [level, canPlayLevel(profile, level, now)])) as Record<(typeof LEVELS)[number], boolean>;
  const data = load.status === 'ready' ? load.data : emptyProgress(fallbackLevels, UNLIMITED);
  // Known from the profile before progress arrives: whether rounds are counted (the line is there from the start).
  const roundsLimited = limitFor(profile, 'quiz_attempts_per_day', now) !== UNLIMITED;
  const roundsLeft = load.status === 'ready' ? load.data.access.roundsLeftToday : roundsLimited && load.status === 'loading' ? null : UNLIMITED;

  return (
    <div className={`page ${styles.dashboard}`}>
      <StatusBanner />
      <div className={styles.dashboard__head}>
        <div>
          <h1 className={`page__title ${styles.dashboard__title}`}>{title}</h1>
          <p className={`${styles.dashboard__plan} muted`}>
            <span className={styles.dashboard__email}>{profile.email}</span> · {ROLE_LABEL[profile.role]} · Plan: <strong>{planName(profile, now)}</strong>
            {roundsLeft !== UNLIMITED && (
              <>
                {' '}
                · Rounds left today: <span className={styles.dashboard__rounds}>{roundsLeft ?? '…'}</span>
              </>
            )}
          </p>
        </div>
        <LinkButton to="/competition">
          <TimerIcon size={18} /> Competition
        </LinkButton>
      </div>

      <Plan profile={profile} now={now} />

      <DailyChallengeCard />

      <MyClassesCard />

      <LearningToolsCard />

      <ReviewToolsCard spacedRepetitionLocked={!canUse(profile, 'spaced_repetition', now)} />

      <InsightsCard
        progress={load}
        retry={retry}
        recent={
          data.recentAttempts.length > 0 ? (
            <RecentAttempts attempts={data.recentAttempts} />
          ) : (
            <p className="muted">No quizzes yet. Pick a level under Subjects to play your first one.</p>
          )
        }
      />

      <section className={styles.dashboard__section} aria-labelledby="subjects-title" aria-busy={load.status === 'loading'}>
        <h2 id="subjects-title" className={styles['dashboard__section-title']}>
          Subjects
        </h2>
        {load.status === 'failed' && <p className="muted">Your progress could not be loaded, so the cards show zeros for now.</p>}
        <div className={styles['subject-grid']}>
          {data.subjects.map((subject) => (
            <SubjectProgressCard key={subject.subject} progress={subject} levels={data.access.levels} />
          ))}
        </div>
      </section>

      <Analytics
        expectLocked={!canUse(profile, 'detailed_analytics', now)}
        expectEmpty={load.status === 'ready' && load.data.totals.attempts === 0}
      />
      <div className="grid">
        <FriendLeaderboardWidget />
        <ActivityFeed viewerId={profile.user_id} />
      </div>
      <AchievementsGrid progress={load} retry={retry} />
      <Features profile={profile} now={now} />
    </div>
  );
}

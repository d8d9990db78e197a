import type { Profile } from '#shared/api.ts';
import { LEVELS } from '#shared/constants.ts';
import { canPlayLevel, UNLIMITED } from '#shared/entitlements.ts';
import { Alert } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useProgress } from '../api/get-progress.ts';
import { emptyProgress, type DashboardProgress } from '../level-button.ts';
import { TimerIcon } from './icons.tsx';
import { RecentAttempts } from './recent-attempts.tsx';
import { SubjectProgressCard } from './subject-progress-card.tsx';

function planName(profile: Profile): string {
  if (profile.subscription_status === 'premium') return 'Premium';
  return profile.metadata.trial_active ? 'Premium trial' : 'Free';
}

/**
 * The student's progress on /dashboard: totals, one card per subject with its level
 * buttons, the last five attempts and the way to a competition. If progress cannot be
 * loaded the cards show zeros (1-core §8) under a notice with Retry.
 */
export function StudentDashboard({ profile, title }: { profile: Profile; title: string }) {
  const { load, retry } = useProgress();
  const now = new Date();
  const fallbackLevels = Object.fromEntries(LEVELS.map((level) => [level, canPlayLevel(profile, level, now)])) as Record<(typeof LEVELS)[number], boolean>;
  const data: DashboardProgress = load.status === 'ready' ? load.data : emptyProgress(fallbackLevels, UNLIMITED);
  const roundsLeft = load.status === 'ready' ? data.access.roundsLeftToday : UNLIMITED;

  return (
    <div className="page dashboard">
      <div className="dashboard__head">
        <div>
          <h1 className="page__title dashboard__title">{title}</h1>
          <p className="dashboard__plan muted">
            Plan: <strong>{planName(profile)}</strong>
            {roundsLeft !== UNLIMITED && (
              <>
                {' · '}
                <span>Rounds left today: {roundsLeft}</span>
              </>
            )}
          </p>
        </div>
        <LinkButton to="/competition">
          <TimerIcon /> Competition
        </LinkButton>
      </div>

      {load.status === 'failed' && (
        <Alert tone="error" title="Failed to load progress">
          <p>Showing empty progress for now.</p>
          <Button variant="secondary" onClick={retry}>
            Retry
          </Button>
        </Alert>
      )}

      {load.status === 'loading' ? (
        <Spinner label="Loading your progress…" />
      ) : (
        <>
          <section aria-labelledby="totals-title">
            <h2 id="totals-title" className="visually-hidden">
              Your totals
            </h2>
            <ul className="totals">
              <li className="totals__item">
                <span className="totals__value">{data.totals.attempts}</span>
                <span className="totals__label">Quizzes</span>
              </li>
              <li className="totals__item">
                <span className="totals__value">{data.totals.points}</span>
                <span className="totals__label">Points</span>
              </li>
              <li className="totals__item">
                <span className="totals__value">{data.totals.streak}</span>
                <span className="totals__label">Day streak</span>
              </li>
            </ul>
          </section>

          <section className="dashboard__section" aria-labelledby="subjects-title">
            <h2 id="subjects-title" className="dashboard__section-title">
              Subjects
            </h2>
            <div className="subject-grid">
              {data.subjects.map((subject) => (
                <SubjectProgressCard key={subject.subject} progress={subject} levels={data.access.levels} />
              ))}
            </div>
          </section>

          <section className="dashboard__section card" aria-labelledby="recent-title">
            <h2 id="recent-title" className="card__title">
              Recent quizzes
            </h2>
            <RecentAttempts attempts={data.recentAttempts} />
          </section>
        </>
      )}
    </div>
  );
}

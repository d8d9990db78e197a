import type { ReactNode } from 'react';
import { Button, LinkButton } from '@/components/button.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { subjectName } from '../analytics-view.ts';
import { activityBars, goalPercent, RECOMMENDED_QUIZ, streakBadge } from '../insights-view.ts';
import type { ProgressState } from '../progress-load.ts';
import { STREAK_ICON } from './achievement-icons.tsx';

interface InsightsCardProps {
  progress: ProgressState;
  retry(): void;
  /** The last five attempts, as the progress feature lists them. */
  recent: ReactNode;
}

/**
 * Personal insights (1-core §2): totals, average score, day streak with its badge,
 * strongest subject, the recommended quiz, the weekly goal, the last 7 days and the last
 * 5 attempts. All numbers come from GET /api/progress.
 */
export function InsightsCard({ progress, retry, recent }: InsightsCardProps) {
  return (
    <section className="card insights" aria-labelledby="insights-title" aria-busy={progress.status === 'loading'}>
      <h2 id="insights-title" className="card__title">
        Personal Insights
      </h2>
      {progress.status === 'loading' && <Spinner label="Loading insights…" />}
      {progress.status === 'failed' && (
        <div className="widget-error" role="alert">
          <p className="widget-error__title">Failed to load insights</p>
          <Button variant="secondary" onClick={retry}>
            Retry
          </Button>
        </div>
      )}
      {progress.status === 'ready' && <InsightsBody data={progress.data} recent={recent} />}
    </section>
  );
}

function InsightsBody({ data, recent }: { data: Extract<ProgressState, { status: 'ready' }>['data']; recent: ReactNode }) {
  const { insights, totals } = data;
  const badge = streakBadge(totals.streak);
  const StreakIcon = STREAK_ICON[badge.tier];
  const goal = insights.weeklyGoal;
  const bars = activityBars(insights.activity);
  const empty = totals.attempts === 0;

  return (
    <div className="insights__layout">
      <div className="insights__stats">
        {empty ? (
          <p className="insights__empty">No quizzes yet. Play your first quiz to see your average, streak and strongest subject here.</p>
        ) : (
          <dl className="stats">
            <div className="stats__item">
              <dt>Quizzes</dt>
              <dd>{totals.attempts}</dd>
            </div>
            <div className="stats__item">
              <dt>Points</dt>
              <dd>{totals.points}</dd>
            </div>
            <div className="stats__item">
              <dt>Average score</dt>
              <dd>{insights.averageScore}%</dd>
            </div>
            <div className="stats__item">
              <dt>Day streak</dt>
              <dd>
                {totals.streak}
                {badge.tier !== 'none' && (
                  <span className={`streak-badge streak-badge--${badge.tier}`}>
                    <StreakIcon size={16} /> {badge.label} badge
                  </span>
                )}
              </dd>
            </div>
            <div className="stats__item">
              <dt>Strongest subject</dt>
              <dd>{insights.strongestSubject ? subjectName(insights.strongestSubject) : '—'}</dd>
            </div>
          </dl>
        )}
        {badge.next && !empty && <p className="muted insights__next">{badge.next}.</p>}
      </div>

      <div className="insights__main">
        <div className="insights__action">
          <p className="insights__action-text">{empty ? 'Start with a beginner geography quiz.' : 'Recommended next: a beginner geography quiz.'}</p>
          <LinkButton to={RECOMMENDED_QUIZ}>Start a Quiz</LinkButton>
        </div>

        <div className="insights__goal">
          <h3 className="insights__subtitle" id="weekly-goal-title">
            Weekly goal
          </h3>
          <p className="insights__goal-text">
            {goal.done} of {goal.target} quizzes in the last 7 days{goal.met ? ' · Goal met!' : ''}
          </p>
          <div
            className={`meter${goal.met ? ' meter--met' : ''}`}
            role="progressbar"
            aria-labelledby="weekly-goal-title"
            aria-valuemin={0}
            aria-valuemax={goal.target}
            aria-valuenow={Math.min(goal.done, goal.target)}
            aria-valuetext={`${goal.done} of ${goal.target} quizzes`}
          >
            <span className="meter__fill" style={{ width: `${goalPercent(goal)}%` }} />
          </div>
        </div>
      </div>

      <div className="insights__activity">
        <h3 className="insights__subtitle" id="activity-title">
          Last 7 days
        </h3>
        <ol className="activity" aria-labelledby="activity-title">
          {bars.map((bar) => (
            <li key={bar.day} className="activity__day">
              <span className="visually-hidden">{bar.description}</span>
              <span className="activity__count" aria-hidden="true">
                {bar.quizzes}
              </span>
              <span className="activity__track" aria-hidden="true">
                <span className="activity__bar" style={{ height: `${bar.height}%` }} />
              </span>
              <span className="activity__label" aria-hidden="true">
                {bar.weekday}
              </span>
            </li>
          ))}
        </ol>
      </div>

      <div className="insights__recent">
        <h3 className="insights__subtitle" id="recent-title">
          Last 5 quizzes
        </h3>
        {recent}
      </div>
    </div>
  );
}

import { countOf } from '#shared/text/counts.ts';
import type { ReactNode } from 'react';
import { Button, LinkButton } from '@/components/button.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { subjectName } from '../analytics-view.ts';
import { activityBars, goalPercent, RECOMMENDED_QUIZ, streakBadge } from '../insights-view.ts';
import type { ProgressState } from '../progress-load.ts';
import { STREAK_ICON } from './achievement-icons.tsx';
import styles from './insights-card.module.css';

interface InsightsCardProps {
  progress: ProgressState;
  retry(): void;
  /** The last five attempts, as the progress feature lists them. */
  recent: ReactNode;
}

const STAT_LABELS = ['Quizzes', 'Points', 'Average score', 'Day streak', 'Strongest subject'] as const;

/**
 * Personal insights (docs/quiz.md): totals, average score, day streak with its badge,
 * strongest subject, the recommended quiz, the weekly goal, the last 7 days and the last
 * 5 attempts. All numbers come from GET /api/progress. While they load, the same layout
 * is drawn with skeletons, so nothing below moves when they arrive.
 */
export function InsightsCard({ progress, retry, recent }: InsightsCardProps) {
  return (
    <section className="card insights" aria-labelledby="insights-title" aria-busy={progress.status === 'loading'}>
      <h2 id="insights-title" className="card__title">
        Personal Insights
      </h2>
      {progress.status === 'loading' && <InsightsSkeleton />}
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

/** The loaded layout with skeleton values: same boxes, same heights. */
function InsightsSkeleton() {
  return (
    <div className={styles.insights__layout}>
      <div className={styles.insights__stats}>
        <div className={styles.stats} aria-hidden="true">
          {STAT_LABELS.map((label) => (
            <div key={label} className={styles.stats__item}>
              <span className={styles.stats__label}>{label}</span>
              <span className={styles.stats__value}>
                <span className="skeleton skeleton--value" />
              </span>
            </div>
          ))}
        </div>
        <div className={styles.insights__next}>
          <Spinner label="Loading insights…" />
        </div>
      </div>

      <div className={styles.insights__main}>
        <div className={styles.insights__action}>
          <p className={styles['insights__action-text']}>Next up: a beginner geography quiz.</p>
          <LinkButton to={RECOMMENDED_QUIZ}>Start a Quiz</LinkButton>
        </div>
        <div className={styles.insights__goal} aria-hidden="true">
          <div className={styles['insights__goal-head']}>
            <h3 className={styles.insights__subtitle}>Weekly goal</h3>
          </div>
          <p className={styles['insights__goal-text']}>
            <span className="skeleton skeleton--text" />
          </p>
          <div className="meter" />
        </div>
      </div>

      <div className={styles.insights__activity} aria-hidden="true">
        <h3 className={styles.insights__subtitle}>Last 7 days</h3>
        <div className={styles.activity}>
          {Array.from({ length: 7 }, (_, i) => (
            <span key={i} className={styles.activity__day}>
              <span className={styles.activity__count}>&nbsp;</span>
              <span className={`${styles.activity__track} skeleton`} />
              <span className={styles.activity__label}>&nbsp;</span>
            </span>
          ))}
        </div>
      </div>

      <div className={styles.insights__recent} aria-hidden="true">
        <h3 className={styles.insights__subtitle}>Last 5 quizzes</h3>
        <div className={styles['insights__recent-body']}>
          <span className={`skeleton ${styles['insights__recent-skeleton']}`} />
        </div>
      </div>
    </div>
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
    <div className={styles.insights__layout}>
      <div className={styles.insights__stats}>
        {/* Shown with zeros before the first quiz too, so the card keeps one shape. */}
        <dl className={styles.stats}>
          <div className={styles.stats__item}>
            <dt className={styles.stats__label}>Quizzes</dt>
            <dd className={styles.stats__value}>{totals.attempts}</dd>
          </div>
          <div className={styles.stats__item}>
            <dt className={styles.stats__label}>Points</dt>
            <dd className={styles.stats__value}>{totals.points}</dd>
          </div>
          <div className={styles.stats__item}>
            <dt className={styles.stats__label}>Average score</dt>
            <dd className={styles.stats__value}>{empty ? '—' : `${insights.averageScore}%`}</dd>
          </div>
          <div className={styles.stats__item}>
            <dt className={styles.stats__label}>Day streak</dt>
            <dd className={styles.stats__value}>
              {totals.streak}
              {badge.tier !== 'none' && (
                <span className={`${styles['streak-badge']} ${styles[`streak-badge--${badge.tier}`] ?? ''}`}>
                  <StreakIcon size={16} /> {badge.label}
                  <span className="visually-hidden"> badge</span>
                </span>
              )}
            </dd>
          </div>
          <div className={styles.stats__item}>
            <dt className={styles.stats__label}>Strongest subject</dt>
            <dd className={styles.stats__value}>{insights.strongestSubject ? subjectName(insights.strongestSubject) : '—'}</dd>
          </div>
        </dl>
        <p className={empty ? `${styles.insights__next} ${styles.insights__empty}` : `muted ${styles.insights__next}`}>
          {empty ? 'No quizzes yet. Play one to fill these in.' : badge.next ? `${badge.next}.` : ''}
        </p>
      </div>

      <div className={styles.insights__main}>
        <div className={styles.insights__action}>
          <p className={styles['insights__action-text']}>{empty ? 'Start with a beginner geography quiz.' : 'Next up: a beginner geography quiz.'}</p>
          <LinkButton to={RECOMMENDED_QUIZ}>Start a Quiz</LinkButton>
        </div>

        <div className={styles.insights__goal}>
          <div className={styles['insights__goal-head']}>
            <h3 className={styles.insights__subtitle} id="weekly-goal-title">
              Weekly goal
            </h3>
            {goal.met && <p className={styles['insights__goal-met']}>Goal met!</p>}
          </div>
          <p className={styles['insights__goal-text']}>
            {goal.done} of {countOf(goal.target, 'quiz')} in the last 7 days
          </p>
          <div
            className={`meter${goal.met ? ' meter--met' : ''}`}
            role="progressbar"
            aria-labelledby="weekly-goal-title"
            aria-valuemin={0}
            aria-valuemax={goal.target}
            aria-valuenow={Math.min(goal.done, goal.target)}
            aria-valuetext={`${goal.done} of ${countOf(goal.target, 'quiz')}`}
          >
            <span className="meter__fill" style={{ width: `${goalPercent(goal)}%` }} />
          </div>
        </div>
      </div>

      <div className={styles.insights__activity}>
        <h3 className={styles.insights__subtitle} id="activity-title">
          Last 7 days
        </h3>
        <ol className={styles.activity} aria-labelledby="activity-title">
          {bars.map((bar) => (
            <li key={bar.day} className={styles.activity__day}>
              <span className="visually-hidden">{bar.description}</span>
              <span className={styles.activity__count} aria-hidden="true">
                {bar.quizzes}
              </span>
              <span className={styles.activity__track} aria-hidden="true">
                <span className={styles.activity__bar} style={{ height: `${bar.height}%` }} />
              </span>
              <span className={styles.activity__label} aria-hidden="true">
                {bar.weekday}
              </span>
            </li>
          ))}
        </ol>
      </div>

      <div className={styles.insights__recent}>
        <h3 className={styles.insights__subtitle} id="recent-title">
          Last 5 quizzes
        </h3>
        <div className={styles['insights__recent-body']}>{recent}</div>
      </div>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import type { DailyChallenge, DailyProgress } from '#shared/social/daily-challenge.ts';
import { LinkButton } from '@/components/button.tsx';
import { completionView } from '../daily-view.ts';
import { ResultIcon, TierIcon } from './daily-icons.tsx';
import styles from './completion-screen.module.css';

/**
 * The completion screen (docs/social.md): icon by score, score, bonus earned, the streak badge
 * and milestone text, Back to Dashboard and View Leaderboard. The heading takes the focus so
 * screen readers announce the result.
 */
export function CompletionScreen({ challenge, progress }: { challenge: DailyChallenge; progress: DailyProgress }) {
  const view = completionView(progress);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className={`card ${styles.completion}`} aria-labelledby="daily-complete-title">
      <p className={`${styles.icon} ${styles[`icon--${view.icon}`] ?? ''}`}>
        <ResultIcon icon={view.icon} label={view.iconLabel} size={64} />
      </p>
      <h1 id="daily-complete-title" className={styles.title} tabIndex={-1} ref={headingRef}>
        Daily Challenge Complete!
      </h1>
      <p className="muted">{challenge.theme}</p>
      <dl className={styles.facts}>
        <div>
          <dt>Score</dt>
          <dd data-testid="daily-score">
            {view.score}/{view.total} ({view.percentage}%)
          </dd>
        </div>
        <div>
          <dt>Bonus points earned</dt>
          <dd data-testid="daily-bonus">+{view.bonus}</dd>
        </div>
        {view.points !== null && (
          <div>
            <dt>Points earned</dt>
            <dd>{view.points}</dd>
          </div>
        )}
      </dl>
      <p className={`${styles.badge} ${styles[`badge--${view.tier}`] ?? ''}`} data-testid="daily-streak">
        <TierIcon tier={view.tier} /> {view.badge}
      </p>
      {view.milestone && <p className={styles.milestone}>{view.milestone}</p>}
      <div className={`actions ${styles.actions}`}>
        <LinkButton to="/dashboard">Back to Dashboard</LinkButton>
        <LinkButton to="/leaderboard" variant="secondary">
          View Leaderboard
        </LinkButton>
      </div>
    </section>
  );
}

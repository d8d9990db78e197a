import { useState } from 'react';
import { LinkButton } from '@/components/button.tsx';
import type { DailyLimitReached } from '../load-error.ts';
import { resetIn, resetWhen } from '../reset-time.ts';
import styles from './daily-limit.module.css';

export interface DailyLimitProps {
  limit: DailyLimitReached;
  /** A free account that has not had its trial yet is offered it by name. */
  trialAvailable: boolean;
  dashboardPath: string;
}

/**
 * Today's free rounds are played (429 daily_limit): a limit, not a failure, so no Retry.
 * What was played, when it resets (in the account's zone), the way on (trial or Premium),
 * and what can still be played today without counting.
 */
export function DailyLimit({ limit, trialAvailable, dashboardPath }: DailyLimitProps) {
  const { details } = limit;
  const [now] = useState(() => Date.now());
  return (
    <div className={styles['daily-limit']}>
      <section className={styles['daily-limit__panel']} aria-labelledby="daily-limit-title">
        <h1 id="daily-limit-title" className={styles['daily-limit__title']}>
          {details ? `You've played today's ${details.limit} free rounds` : 'Today’s free rounds are played'}
        </h1>
        {details ? (
          <p className={styles['daily-limit__lead']}>
            {details.played} of {details.limit} rounds played today. Well done!
          </p>
        ) : (
          <p className={styles['daily-limit__lead']}>{limit.message}</p>
        )}
        {details && (
          <p>
            Your free rounds start again <strong>{resetIn(details.resetsAt, now)}</strong>, on{' '}
            <time dateTime={details.resetsAt}>{resetWhen(details.resetsAt, details.timeZone)}</time>.
          </p>
        )}
        <h2 className={styles['daily-limit__subtitle']}>Keep playing now</h2>
        <p>
          {trialAvailable
            ? 'Start your 7-day free Premium trial: unlimited rounds and every level, no credit card.'
            : 'Premium gives you unlimited rounds and every level.'}
        </p>
        <div className="actions actions--center">
          <LinkButton to="/subscription">{trialAvailable ? 'Start Free Trial' : 'See Premium Plans'}</LinkButton>
          <LinkButton to={dashboardPath} variant="secondary">
            Back to Dashboard
          </LinkButton>
        </div>
        <h2 className={styles['daily-limit__subtitle']}>Still open today</h2>
        <ul className={styles['daily-limit__free']}>
          <li>The Daily Challenge does not count against your rounds: find it on your dashboard.</li>
          <li>Friend challenges do not count either.</li>
          <li>A round you have started already can be finished.</li>
        </ul>
      </section>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { TRIAL_DAYS } from '#shared/constants.ts';
import { LinkButton } from '@/components/button.tsx';
import styles from './closing-cta.module.css';

/** The closing call to action: Start Free Trial, and the leaderboard. */
export function ClosingCta({ trialTarget }: { trialTarget: string }) {
  return (
    <section className={styles['landing-cta']} aria-labelledby="cta-title">
      <h2 id="cta-title" className={styles['landing-cta__title']}>
        Ready to start your quest?
      </h2>
      <p className={styles['landing-cta__text']}>Try every Premium feature free for {TRIAL_DAYS} days. No credit card required.</p>
      <div className="actions actions--center">
        <LinkButton to={trialTarget} className="btn--light btn--large">
          Start Free Trial
        </LinkButton>
        <Link to="/leaderboard" className={styles['landing-cta__link']}>
          View the Leaderboard
        </Link>
      </div>
    </section>
  );
}

import { LinkButton } from '@/components/button.tsx';
import { LockIcon } from '@/components/icons.tsx';
import styles from './premium-lock.module.css';

/** A gated advanced or expert quiz (403 premium_required): the premium lock overlay. */
export function PremiumLock({ message, dashboardPath }: { message: string; dashboardPath: string }) {
  return (
    <div className={styles['quiz-lock']}>
      <section className={styles['quiz-lock__panel']} aria-labelledby="quiz-lock-title">
        <span className={styles['quiz-lock__icon']}>
          <LockIcon size={36} />
        </span>
        <h1 id="quiz-lock-title" className={styles['quiz-lock__title']}>
          Premium level
        </h1>
        <p>{message}</p>
        <div className="actions actions--center">
          <LinkButton to="/subscription">Start Free Trial</LinkButton>
          <LinkButton to={dashboardPath} variant="secondary">
            Back to Dashboard
          </LinkButton>
        </div>
      </section>
    </div>
  );
}
